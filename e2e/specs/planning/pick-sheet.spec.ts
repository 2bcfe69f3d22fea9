import { emptyPlannedFridge, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

/**
 * Issue 25: the pick list prints as a real pick sheet per route and per micromarket: the
 * date, the route and its courier, what to pick from storage, each stop's lines to bring and
 * take out with boxes to tick, and, printed, the sheet alone without the panel around it.
 */
test('the planning screen prints a pick sheet per route with the courier, the lines and boxes to tick', async ({
  page,
  request,
  signInAs,
}) => {
  const suffix = uniqueSuffix();
  const { post, main, productName, market, marketName } = await emptyPlannedFridge(request, 'Sheet', suffix, {
    address: `Khreshchatyk ${suffix}`,
  });
  // A courier and role of its own: the demo courier stays on no route and the demo role's
  // user count stays one, as the courier and role specs expect.
  const role = await post<{ id: number }>('/v1/role/create', {
    name: `Sheet route runners ${suffix}`,
    default_page: 'dubai_courier',
    permissions: ['show_dashboard_page', 'show_courier_page', 'show_dubai_courier_page'],
  });
  const courierName = `Sheet Runner ${suffix}`;
  const courier = await post<{ id: number }>('/v1/user/create', {
    name: courierName,
    email: `sheet.courier.${suffix}@example.com`,
    org_id: main.id,
    role_id: role.id,
    password: 'courier-sheet-1',
  });
  const routeName = `Route ${suffix}`;
  const route = await post<{ id: number }>('/v1/device-group/create', {
    name: routeName,
    org_id: main.id,
    device_ids: [market.id],
    courier_ids: [courier.id],
    route_days: [1, 2, 3, 4, 5, 6, 7],
  });

  await signInAs('admin');
  await page.goto(`/product/planning?group_id=${route.id}`);
  await expect(page.locator('.plan-card').filter({ hasText: marketName })).toContainText('Bring 6');
  await page.getByRole('button', { name: 'Print pick sheets' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/planning/pick-sheet\\?group_id=${route.id}$`));

  const sheet = page.getByRole('article', { name: `Pick sheet of ${routeName}` });
  await expect(sheet.getByRole('heading', { name: 'Pick sheet' })).toBeVisible();
  const today = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date());
  await expect(sheet).toContainText(`Date${today}`);
  await expect(sheet).toContainText(`Route${routeName}`);
  await expect(sheet).toContainText(`Courier${courierName}`);
  const stop = sheet.getByRole('region', { name: marketName });
  await expect(stop).toContainText(`Khreshchatyk ${suffix}`);
  await expect(stop.getByRole('row').filter({ hasText: productName })).toContainText('6');
  // An empty box for the stop, one for each of its lines, one per product picked from storage.
  await expect(stop.locator('.pick-box')).toHaveCount(2);
  await expect(sheet.locator('.pick-box')).toHaveCount(3);

  // Printed: the sheet alone, not the panel around it.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.locator('.ant-layout-sider')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Open pages' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', path: test.info().outputPath('pick-sheet.pdf') });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);
  await page.screenshot({ path: test.info().outputPath('pick-sheet-print-1280.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: test.info().outputPath('pick-sheet-1280.png'), fullPage: true });

  // Per micromarket: the plan card's own sheet holds that stop alone.
  await page.goto(`/product/planning?group_id=${route.id}`);
  await page.getByRole('link', { name: `Pick sheet of ${marketName}` }).click();
  await expect(page).toHaveURL(new RegExp(`micromarket_id=${market.id}`));
  await expect(page.getByRole('region', { name: marketName })).toBeVisible();
  await expect(page.locator('.pick-stop')).toHaveCount(1);
});
