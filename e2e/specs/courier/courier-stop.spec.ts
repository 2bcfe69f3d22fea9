import { randomUUID } from 'node:crypto';
import { apiAs, demoMainOrg, tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { connectFridge } from '../../fixtures/fridge';
import { apiLogin, expect, signIn, test } from '../../fixtures/session';

/**
 * Issue 10: a courier's stop on a 390 px phone. The plan sends the courier to a micromarket
 * short of its planogram with an item about to expire; the courier opens it for service
 * through the one-time link's form; the fridge reports the courier's session (the expired
 * item taken out) and its reader the fresh items loaded; the stop leaves the courier's list
 * and the plan shows the micromarket full.
 */
test('a courier runs a stop: opens through the courier link, loads fresh items, takes out the expiring one', async ({
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

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await signIn(phone, request, 'courier', baseURL!);
  const page = await phone.newPage();
  await page.goto('/courier/fridge/list');
  const stop = page.getByRole('article').or(page.locator('.ant-card')).filter({ hasText: marketName });
  await expect(stop).toContainText('Bring 3');
  await expect(stop).toContainText('Take out 1');
  await expect(stop).toContainText('Sahaidachnoho 10');

  await stop.getByRole('button', { name: 'Open for service' }).click();
  await expect(page.getByRole('heading', { name: 'Courier: open the micromarket' })).toBeVisible();
  await page.getByLabel('Name *').fill('Andrii');
  await page.getByLabel('Phone *').fill('+380931112244');
  await page.getByRole('button', { name: 'Add shelf' }).click();
  await page.getByRole('spinbutton', { name: 'Shelf 1' }).fill('900');
  await page.getByLabel('Number of items').fill('3');
  await page.getByRole('button', { name: 'Open the door' }).click();
  await expect(page.getByText('The door will be opened shortly')).toBeVisible();

  // The fridge: the courier's session takes the expiring item out; the reader sees the fresh ones.
  const session = { id: randomUUID(), kind: 'courier', opened_at: Date.now() };
  await fridge.send('door-session', { ...session, state: 'opened' });
  await fridge.send('door-session', { ...session, state: 'closed', closed_at: Date.now() + 1_000, taken_tags: [old] });
  await fridge.send('inventory', { tags: fresh });
  await fridge.end();

  await expect(async () => {
    await page.goto('/courier/fridge/list');
    await expect(page.getByText(marketName)).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await phone.close();

  const plan = (await (await request.get(`/v1/planning?micromarket_id=${market.id}`, { headers: admin })).json()) as {
    items: { bring: number; take_out: number; lines: { stock: number }[] }[];
  };
  expect(plan.items[0]).toMatchObject({ bring: 0, take_out: 0, lines: [{ stock: 3 }] });
});
