import { apiAs, demoMainOrg, tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, signIn, test } from '../../fixtures/session';

/**
 * Issue 10: the courier workspace on a 390 px phone. At a stop short of its planogram the
 * courier scans two fresh items in, writes off the expired one, and the stop's summary and
 * the plan follow.
 */
test('the courier loads scanned items and writes off an expired one at a stop', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const admin = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const suffix = uniqueSuffix();
  const marketName = `Route fridge ${suffix}`;
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: marketName,
    serial_number: `E2E-ROUTE-${suffix}`,
  });
  const productName = `Route ayran ${suffix}`;
  const product = await post<{ id: number }>('/v1/product/create', {
    name: productName,
    sell_cost: 2500,
    org_id: main.id,
  });
  const template = await post<{ id: number }>('/v1/planogram/template/create', {
    name: `Route ${suffix}`,
    org_id: main.id,
    layout: { shelves: [{ number: 1, sections: [{ product_id: product.id, capacity: 4 }] }] },
  });
  await post(`/v1/planogram/apply/${market.id}`, { template_id: template.id });
  const [expired, fresh1, fresh2] = tagCodes(3);
  await post('/v1/tag/program', { product_id: product.id, codes: [expired, fresh1, fresh2] });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await signIn(phone, request, 'courier', baseURL!);
  const page = await phone.newPage();
  // One item goes in first and turns out spoiled: it is written off as expired below.
  await page.goto('/dubai/courier');
  await page.getByLabel('Stop').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: marketName }).click();

  // The stop's day counts what went in and out: it stays, where a toast may be gone before a slow check.
  const summary = page.locator('.ant-card').filter({ hasText: 'This stop today' });
  const loaded = summary.locator('.ant-statistic').filter({ hasText: 'Loaded' });
  const scanIn = page.getByLabel('Scan or type the tags you put in');
  await scanIn.fill(expired!);
  await scanIn.press('Enter');
  await page.getByRole('button', { name: 'Load 1' }).click();
  await expect(loaded).toContainText('1');

  await scanIn.fill(`${fresh1} ${fresh2}`);
  await scanIn.press('Enter');
  await page.getByRole('button', { name: 'Load 2' }).click();
  await expect(loaded).toContainText('3');

  await page.getByText('Expired', { exact: true }).click();
  const scanOut = page.getByLabel('Scan the tags you take out');
  await scanOut.fill(expired!);
  await scanOut.press('Enter');
  await page.getByRole('button', { name: 'Write off 1' }).click();
  await expect(loaded).toContainText('3');
  await expect(summary.locator('.ant-statistic').filter({ hasText: 'Written off' })).toContainText('1');
  // Two of four inside: two still to bring, nothing to take out.
  const todo = page.locator('.ant-card').filter({ hasText: 'Bring and take out' });
  await expect(todo.getByRole('row').filter({ hasText: productName })).toContainText('+2');
  await phone.close();

  const tags = (await (
    await request.get(`/v1/tag/list?micromarket_id=${market.id}&status=written_off`, { headers: admin })
  ).json()) as { items: { code: string; reason: string | null }[] };
  expect(tags.items).toEqual([expect.objectContaining({ code: expired, reason: 'Expired' })]);
});
