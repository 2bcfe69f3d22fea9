import { readFile } from 'node:fs/promises';
import { uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

test('an operator builds three category levels and sees the path', async ({ page, signInAs }) => {
  const suffix = uniqueSuffix();
  const names = [`Drinks ${suffix}`, `Juices ${suffix}`, `Orange ${suffix}`];
  await signInAs('admin');
  await page.goto('/category/list');

  for (const [level, name] of names.entries()) {
    await page.getByRole('button', { name: 'New category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const link = page.getByRole('link', { name, exact: true });
    if (level < 2) {
      await link.click();
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    } else {
      await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
    }
  }

  await expect(page).toHaveURL(/\/category\/list\/third\/\d+$/);
  const path = page.locator('.ant-breadcrumb').last();
  await expect(path).toContainText(`All categories/${names[0]}/${names[1]}`);
  await path.getByRole('link', { name: names[0] }).click();
  await expect(page.getByRole('link', { name: names[1], exact: true })).toBeVisible();
});

test('the category list downloads as CSV with a category just made', async ({ page, signInAs }) => {
  const name = `Snacks ${uniqueSuffix()}`;
  await signInAs('operator');
  await page.goto('/category/list');
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).hover();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^categories-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).replace('\uFEFF', '').split('\r\n');
  expect(lines[0]).toBe('id,org_id,parent_id,level,name,position,products_count,children_count,created_at');
  // A new top-level category: no parent, level 1, no products or children yet.
  expect(lines.find((line) => line.includes(`,${name},`))).toMatch(new RegExp(`^\\d+,\\d+,,1,${name},\\d+,0,0,`));
});
