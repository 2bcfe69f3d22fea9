import { createProductViaApi, tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

test('the programmer writes three tags that then wait under New', async ({ page, request, signInAs }) => {
  const product = await createProductViaApi(request, `Kefir ${uniqueSuffix()}`);
  const codes = tagCodes(3);
  await signInAs('admin');
  await page.goto('/product/programmer');

  const picker = page.getByLabel('Product');
  await picker.click();
  await picker.fill(product.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: product.name }).click();

  await page.getByLabel('Tag codes').fill(`${codes[0]}\n${codes[1]?.toLowerCase()}, ${codes[2]}`);
  await expect(page.getByText('Codes ready: 3')).toBeVisible();
  await page.getByRole('button', { name: 'Write 3 tags' }).click();
  await expect(page.getByText('Tags written: 3')).toBeVisible();
  await expect(page.getByRole('link', { name: /Storage batch #\d+/ })).toBeVisible();
  await expect(page.getByLabel('Tag codes')).toHaveValue('');

  await page.goto(`/product/tags?product_id=${product.id}`);
  await expect(page.getByRole('tab', { name: /New\s*3/ })).toHaveAttribute('aria-selected', 'true');
  for (const code of codes) await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
});

test('the programmer points out malformed and repeated codes before sending', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/product/programmer');
  const [code] = tagCodes(1);
  await page.getByLabel('Tag codes').fill(`${code}\n${code}\nNOT-A-CODE`);
  await expect(page.getByText('Codes ready: 1 · Repeated: 1')).toBeVisible();
  await expect(page.getByText(/Codes that are not valid: 1/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write 1 tags' })).toBeDisabled();
});
