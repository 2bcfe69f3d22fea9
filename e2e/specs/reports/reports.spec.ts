import { expect, test } from '../../fixtures/session';

// SEED=e2e writes four paid sales at "E2E Fridge North" in the last 30 days (25.00 UAH a bottle:
// 2 today, 1 yesterday, 3 three days ago, 4 ten days ago), and seeding rolls them up. Other
// seeds and specs sell there too, so the figures are checked as at least the seeded ones. The
// operator's organisation sells in UAH and sees Kraków, which sells in PLN.

/** "UAH 1,250.00" → 1250. */
const amountOf = (text: string | undefined) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test('the report shows the seeded sales by micromarket, sorted by a column, with a chart and totals per currency', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  await page.goto('/report/list');
  await expect(page.getByRole('heading', { name: 'Report list' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue by group/ }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByTitle('Micromarket').click();
  await expect(page).toHaveURL(/group_by=micromarket/);
  const row = page.getByRole('row').filter({ hasText: 'E2E Fridge North' });
  await expect(row).toBeVisible();
  // Revenue, refunds, cost, margin carry their currency: at least the seeded 250.00 taken, and margin = revenue − refunds − cost.
  const cells = await row.getByRole('cell').allTextContents();
  const money = cells.filter((cell) => cell.includes('UAH'));
  expect(money).toHaveLength(4);
  const [revenue, refunds, cost, margin] = money.map(amountOf);
  expect(revenue).toBeGreaterThanOrEqual(250);
  expect(margin).toBe(revenue! - refunds! - cost!);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: /^Total/ })
      .first(),
  ).toContainText('UAH');
  // Sorting by revenue is the server's, kept in the link; top 5 keeps at most five rows per currency.
  await page.getByRole('columnheader', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(/sort=revenue/);
  await page.getByRole('combobox', { name: 'Rows' }).click();
  await page.getByTitle('Top 5', { exact: true }).click();
  await expect(page).toHaveURL(/top=5/);
  await expect(row).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /Revenue by group/ })
      .first()
      .locator('rect')
      .first(),
  ).toBeVisible();
});

test('the dashboard shows cash received per currency with today’s trend, top products and the best micromarkets', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  await page.goto('/dashboard');
  const uah = page.getByTestId('dashboard-sales-UAH');
  await expect(uah).toContainText('Cash received · 30 days');
  const month = /30 daysUAH\s?([\d,]+\.\d\d)Items sold: ([\d,]+)/.exec((await uah.textContent()) ?? '');
  expect(amountOf(month?.[1])).toBeGreaterThanOrEqual(250);
  expect(amountOf(month?.[2])).toBeGreaterThanOrEqual(10);
  // Kraków's PLN never joins the UAH figures: a block of its own.
  await expect(page.getByTestId('dashboard-sales-PLN')).toContainText('Sales in PLN');
  await expect(uah).toContainText(/A week ago \(\w+\) by this time: UAH/);
  await expect(page.getByTestId('top-products-UAH')).toContainText('E2E Water 500 ml');
  await expect(page.getByTestId('best-micromarkets-UAH')).toContainText('E2E Fridge North');
  await expect(uah.getByRole('img', { name: 'Cash received per day in UAH, last 30 days' })).toBeVisible();
});

test('an operator schedules a weekly sales report by mail, pauses it and stops it', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/report/list');
  await page.getByRole('tab', { name: 'Scheduled by mail' }).click();
  await expect(page).toHaveURL(/tab=schedules/);
  await page.getByRole('button', { name: 'Schedule a report' }).click();
  const drawer = page.getByRole('dialog', { name: 'New scheduled report' });
  await drawer.getByLabel('On Mondays, for the week before').check();
  await drawer.getByLabel('Excel (XLSX) attachment').check();
  await drawer.getByLabel('Rows per currency').fill('10');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: 'On Mondays, for the week before' }).first();
  await expect(row).toContainText('Micromarket · Top 10');
  await expect(row).toContainText('Excel (XLSX) attachment');
  await expect(row).toContainText('Not sent yet');
  // Paused, and still paused after a reload: the server kept it.
  await row.getByRole('switch', { name: 'Sending' }).click();
  await expect(row.getByRole('switch', { name: 'Sending' })).not.toBeChecked();
  await page.reload();
  const kept = page.getByRole('row').filter({ hasText: 'On Mondays, for the week before' }).first();
  await expect(kept.getByRole('switch', { name: 'Sending' })).not.toBeChecked();
  const before = await page.getByRole('row').filter({ hasText: 'On Mondays, for the week before' }).count();
  await kept.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'On Mondays, for the week before' })).toHaveCount(before - 1);
});

test('the micromarket, product and alert lists download as CSV or Excel', async ({ page, signInAs }) => {
  await signInAs('operator');
  for (const [path, file] of [
    ['/device/list', /^micromarkets-\d{4}-\d{2}-\d{2}\.csv$/],
    ['/product/list', /^products-\d{4}-\d{2}-\d{2}\.xlsx$/],
    ['/technical/analytics', /^alerts-\d{4}-\d{2}-\d{2}\.csv$/],
  ] as const) {
    await page.goto(path);
    const format = String(file).includes('xlsx') ? 'Excel (XLSX)' : 'CSV';
    await page.getByRole('button', { name: 'Export' }).hover();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: format }).click();
    expect((await download).suggestedFilename(), path).toMatch(file);
  }
});
