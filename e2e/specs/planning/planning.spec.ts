import { emptyPlannedFridge, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

/**
 * Restock planning: a micromarket whose planogram holds six of a product and
 * which has none inside is planned to get six, on its card and in the pick list, and the
 * plan downloads as a spreadsheet.
 */
test('the plan brings a micromarket back to its planogram and sums the pick list', async ({
  page,
  request,
  signInAs,
}) => {
  const suffix = uniqueSuffix();
  const { productName, market, marketName } = await emptyPlannedFridge(request, 'Plan', suffix);

  await signInAs('admin');
  await page.goto(`/product/planning?micromarket_id=${market.id}`);
  const card = page.locator('.plan-card').filter({ hasText: marketName });
  await expect(card).toContainText('Bring 6');
  const line = card.getByRole('row').filter({ hasText: productName });
  await expect(line.getByRole('cell').nth(1)).toHaveText('6');
  await expect(line.getByRole('cell').last()).toHaveText('6');

  await page.getByRole('tab', { name: 'Pick list', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('0, 6 short');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).hover();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^restock-plan-\d{4}-\d{2}-\d{2}\.csv$/);
});
