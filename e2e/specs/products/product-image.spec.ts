import { createRequire } from 'node:module';
import { uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

type Sharp = (options: object) => { png: () => { toBuffer: () => Promise<Buffer> } };
const sharp = createRequire(import.meta.url)('sharp') as Sharp;

test('an operator creates a product and uploads its picture', async ({ page, signInAs }) => {
  const name = `Lemonade ${uniqueSuffix()}`;
  await signInAs('admin');
  await page.goto('/product/list');
  await page.getByRole('button', { name: 'New product' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Sell cost').fill('12.50');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();

  await page.getByPlaceholder('Search by name, article or barcode').fill(name);
  await page.getByPlaceholder('Search by name, article or barcode').press('Enter');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No image')).toBeVisible();

  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f5a623' } })
    .png()
    .toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'lemonade.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image saved')).toBeVisible();
  const picture = page.getByRole('img', { name, exact: true });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('src', /\/files\//);
  await expect(page.getByRole('button', { name: 'Replace image' })).toBeVisible();
});

test('a picture over 2 MB is refused before upload', async ({ page, signInAs }) => {
  const name = `Big picture ${uniqueSuffix()}`;
  await signInAs('admin');
  await page.goto('/product/list');
  await page.getByRole('button', { name: 'New product' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Sell cost').fill('1');
  await drawer.getByRole('button', { name: 'Create' }).click();
  // Typing into the search while the drawer still closes can land its Enter on the focused
  // "New product" button and open a new drawer over the list.
  await expect(drawer).toBeHidden();
  await page.getByPlaceholder('Search by name, article or barcode').fill(name);
  await page.getByPlaceholder('Search by name, article or barcode').press('Enter');
  await page.getByRole('link', { name, exact: true }).click();
  const big = Buffer.alloc(2 * 1024 * 1024 + 10);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
  await page.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('Image cannot be larger than 2MB')).toBeVisible();
  await expect(page.getByText('No image')).toBeVisible();
});
