import { createRequire } from 'node:module';
import { uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

type Sharp = (options: object) => { png: () => { toBuffer: () => Promise<Buffer> } };
const sharp = createRequire(import.meta.url)('sharp') as Sharp;

/** Issue 25: the new-product drawer takes the picture, checked at once and sent once the product exists. */
test('a new product is created with its picture from the drawer', async ({ page, signInAs }) => {
  const name = `Pictured tea ${uniqueSuffix()}`;
  await signInAs('operator');
  await page.goto('/product/list');
  await page.getByRole('button', { name: 'New product' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Sell cost').fill('4.20');

  // Not a picture: refused in the drawer, before anything is sent.
  await drawer.locator('input[type=file]').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('plain text, not a picture'),
  });
  await expect(page.getByText('Upload a JPEG, PNG or WebP image').first()).toBeVisible();
  await expect(drawer.getByText('No image')).toBeVisible();

  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#7048e8' } })
    .png()
    .toBuffer();
  await drawer.locator('input[type=file]').setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: png });
  await expect(drawer.getByRole('img', { name: 'Chosen image' })).toHaveAttribute('src', /^blob:/);
  await drawer.getByRole('img', { name: 'Chosen image' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('new-product-image-1280.png') });
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText('Image saved')).toBeVisible();

  await page.getByPlaceholder('Search by name, article or barcode').fill(name);
  await page.getByPlaceholder('Search by name, article or barcode').press('Enter');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('img', { name })).toHaveAttribute('src', /\/files\/products\//);
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('img', { name, exact: true })).toHaveAttribute('src', /\/files\//);
  await expect(page.getByRole('button', { name: 'Replace image' })).toBeVisible();
});
