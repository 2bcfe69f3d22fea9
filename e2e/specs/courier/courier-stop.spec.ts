import { randomUUID } from 'node:crypto';
import { apiAs, demoMainOrg, tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { connectFridge } from '../../fixtures/fridge';
import { apiLogin, expect, test, USERS } from '../../fixtures/session';

/**
 * Issues 10 and 25: a courier's stop on a 390 px phone. The courier signs in and lands on the
 * courier workspace; the plan sends them to a micromarket short of its planogram with an item
 * about to expire; one tap opens it for service (no public form for a signed-in courier); the
 * fridge gets the courier's door command, opens, reports the session (the expiring item taken
 * out) and its reader the fresh items put in; when the door closes the courier is back at the
 * stop, which shows what the visit put in and took out, and the plan shows the fridge full.
 */
test('a signed-in courier opens a stop with one tap and is back at the stop when the door closes', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const admin = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const suffix = uniqueSuffix();
  const marketName = `Stop fridge ${suffix}`;
  const serial = `E2E-STOP-${suffix}`;
  const market = await post<{ id: number; token: string }>('/v1/device/create', {
    org_id: main.id,
    name: marketName,
    address: 'Sahaidachnoho 10',
    serial_number: serial,
  });
  const productName = `Stop kefir ${suffix}`;
  const product = await post<{ id: number }>('/v1/product/create', {
    name: productName,
    sell_cost: 2800,
    org_id: main.id,
    storage_period_hours: 2,
  });
  const template = await post<{ id: number }>('/v1/planogram/template/create', {
    name: `Stop ${suffix}`,
    org_id: main.id,
    layout: { shelves: [{ number: 1, sections: [{ product_id: product.id, capacity: 3 }] }] },
  });
  await post(`/v1/planogram/apply/${market.id}`, { template_id: template.id });
  // One item inside that expires within the day, and three fresh ones programmed in storage.
  const [old, ...fresh] = tagCodes(4);
  await post('/v1/tag/program', { product_id: product.id, codes: [old] });
  await post(`/v1/product/update/${product.id}`, { name: productName, sell_cost: 2800, storage_period_hours: 72 });
  await post('/v1/tag/program', { product_id: product.id, codes: fresh });
  const fridge = await connectFridge(serial, market.token);
  await fridge.send('inventory', { tags: [old] });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce', baseURL });
  const page = await phone.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS.courier.email);
  await page.getByLabel('Password').fill(USERS.courier.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The courier's landing page is the workspace.
  await expect(page).toHaveURL(/\/dubai\/courier/);
  await expect(page.getByRole('heading', { name: 'Courier workspace' })).toBeVisible();
  await page.getByLabel('Stop').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: marketName }).click();

  // The stop shows only what to bring and take out.
  const todo = page.locator('.ant-card').filter({ hasText: 'Bring and take out' });
  const line = todo.getByRole('row').filter({ hasText: productName });
  await expect(line).toContainText('+3');
  await expect(line).toContainText('−1');
  await expect(page.getByText('Sahaidachnoho 10')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('courier-stop-390.png'), fullPage: true });

  await page.getByRole('button', { name: 'Open for service' }).click();
  await expect(page.getByText('Opening the door…')).toBeVisible();
  const command = await fridge.command('open_door');
  expect(command.params).toEqual({ session_kind: 'courier' });
  await fridge.send('ack', { command_id: command.id, status: 'done' });
  await fridge.send('telemetry', { door: 'open' });
  await expect(page.getByText('The door is open')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open for service' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('courier-door-open-390.png'), fullPage: true });

  // The fridge: the courier's session takes the expiring item out; the reader sees the fresh ones; the door closes.
  const session = { id: randomUUID(), kind: 'courier', command_id: command.id, opened_at: Date.now() };
  await fridge.send('door-session', { ...session, state: 'opened' });
  await fridge.send('door-session', { ...session, state: 'closed', closed_at: Date.now() + 1_000, taken_tags: [old] });
  await fridge.send('inventory', { tags: fresh });
  await fridge.send('telemetry', { door: 'closed' });

  // Back at the stop: the visit's result, and nothing left to bring or take out.
  await expect(page.getByText('The door is closed')).toBeVisible();
  await expect(page).toHaveURL(/\/dubai\/courier/);
  const visit = page.getByLabel('This visit');
  await expect(visit).toContainText(`${productName} · +3`);
  await expect(visit).toContainText(`${productName} · −1`);
  await expect(todo).toContainText('Nothing to bring or take out here');
  // Its work done, it leaves today's route, and stays on screen marked done.
  await expect(page.locator('.courier-workspace .ant-select')).toContainText(`${marketName}Done`);
  await expect(page.getByRole('button', { name: 'Open for service' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('courier-back-at-stop-390.png'), fullPage: true });
  await fridge.end();
  await phone.close();

  const plan = (await (await request.get(`/v1/planning?micromarket_id=${market.id}`, { headers: admin })).json()) as {
    items: { bring: number; take_out: number; lines: { stock: number }[] }[];
  };
  expect(plan.items[0]).toMatchObject({ bring: 0, take_out: 0, lines: [{ stock: 3 }] });
});

test('the courier workspace on a desktop', async ({ page, signInAs }) => {
  await signInAs('courier');
  await page.goto('/dubai/courier');
  await expect(page.getByRole('heading', { name: 'Courier workspace' })).toBeVisible();
  await expect(page.locator('.ant-layout-sider').getByText('Courier workspace')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('courier-workspace-1280.png'), fullPage: true });
});
