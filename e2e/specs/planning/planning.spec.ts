import { apiAs, demoMainOrg, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

/**
 * Restock planning (issue 10): a micromarket whose planogram holds six of a product and
 * which has none inside is planned to get six, on its card and in the pick list, and the
 * plan downloads as a spreadsheet.
 */
test('the plan brings a micromarket back to its planogram and sums the pick list', async ({
  page,
  request,
  signInAs,
}) => {
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const suffix = uniqueSuffix();
  const productName = `Plan yogurt ${suffix}`;
  const product = await post<{ id: number }>('/v1/product/create', {
    name: productName,
    sell_cost: 3000,
    org_id: main.id,
  });
  const marketName = `Plan fridge ${suffix}`;
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: marketName,
    serial_number: `E2E-PLAN-${suffix}`,
  });
  const template = await post<{ id: number }>('/v1/planogram/template/create', {
    name: `Plan ${suffix}`,
    org_id: main.id,
    layout: { shelves: [{ number: 1, sections: [{ product_id: product.id, capacity: 6 }] }] },
  });
  await post(`/v1/planogram/apply/${market.id}`, { template_id: template.id });

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
