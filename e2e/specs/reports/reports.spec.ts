import { expect, test } from '../../fixtures/session';

// SEED=e2e writes four paid sales at "E2E Fridge North" in the last 30 days (25.00 a bottle:
// 2 today, 1 yesterday, 3 three days ago, 4 ten days ago), and seeding rolls them up. Other
// seeds and specs sell there too, so the figures are checked as at least the seeded ones.

test('the report shows the seeded sales by micromarket, with a chart and totals', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/report/list');
  await expect(page.getByRole('heading', { name: 'Report list' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue by group' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Group by' }).click();
  await page.getByTitle('Micromarket').click();
  const row = page.getByRole('row').filter({ hasText: 'E2E Fridge North' });
  await expect(row).toBeVisible();
  // Revenue, refunds, cost, margin: at least the seeded 250.00 taken, and margin = revenue − refunds − cost.
  const cells = await row.getByRole('cell').allTextContents();
  const [revenue, refunds, cost, margin] = cells.slice(3).map(Number);
  expect(revenue).toBeGreaterThanOrEqual(250);
  expect(margin).toBe(revenue! - refunds! - cost!);
  await expect(page.getByRole('row').filter({ hasText: 'Total' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue by group' }).locator('rect').first()).toBeVisible();
});

test('the dashboard shows cash received and items sold', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/dashboard');
  const sales = page.getByTestId('dashboard-sales');
  await expect(sales).toContainText('Cash received · 30 days');
  // Other specs' sales can take the month past 1,000.00: the figure has group separators then.
  const figures = /30 days([\d,]+)\.\d\dItems sold: ([\d,]+)/;
  await expect(sales).toHaveText(figures);
  const month = figures.exec((await sales.textContent()) ?? '');
  const whole = (text: string | undefined) => Number(text?.replace(/,/g, ''));
  expect(whole(month?.[1])).toBeGreaterThanOrEqual(250);
  expect(whole(month?.[2])).toBeGreaterThanOrEqual(10);
  await expect(page.getByRole('img', { name: 'Cash received per day, last 30 days' })).toBeVisible();
});
