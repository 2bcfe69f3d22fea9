import { apiAs, createProductViaApi, tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

test('a written-off tag moves to its tab and the counts follow', async ({ page, request, signInAs }) => {
  const product = await createProductViaApi(request, `Yogurt ${uniqueSuffix()}`);
  const codes = tagCodes(2);
  const post = await apiAs(request, 'admin');
  await post('/v1/tag/program', { product_id: product.id, codes });

  await signInAs('admin');
  await page.goto(`/product/tags?product_id=${product.id}`);
  await expect(page.getByRole('tab', { name: /New\s*2/ })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${codes[0]}` }).check();
  await page.getByRole('button', { name: 'Write off' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Package damaged');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(page.getByText('Tags written off: 1')).toBeVisible();

  await expect(page.getByRole('tab', { name: /New\s*1/ })).toBeVisible();
  await page.getByRole('tab', { name: /Written off\s*1/ }).click();
  await expect(page.getByRole('cell', { name: codes[0], exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Package damaged' })).toBeVisible();
  await expect(page.getByRole('cell', { name: codes[1], exact: true })).toBeHidden();
});
