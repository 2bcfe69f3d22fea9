import { uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Issue 9: a certificate uploaded as a PDF has a public page customers open without signing in. */
test('an operator uploads a PDF certificate and its public page offers it to customers', async ({
  page,
  browser,
  signInAs,
}) => {
  const title = `HACCP ${uniqueSuffix()}`;
  await signInAs('admin');
  await page.goto('/certificate/list');
  await page.getByRole('button', { name: 'New certificate' }).click();
  const drawer = page.locator('.ant-drawer');
  await drawer.getByLabel('Title').fill(title);
  await drawer
    .locator('input[type=file]')
    .setInputFiles({ name: 'haccp.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(drawer.getByRole('button', { name: 'haccp.pdf' })).toBeVisible();
  await drawer.getByLabel('Active to').fill('2099-12-31');
  await drawer.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  const link = row.getByRole('link', { name: /^\/haccp-/ });
  const path = await link.textContent();

  // A customer, not signed in, opens the public page.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customer.newPage();
  await phone.goto(`/notauth/certificate${path}`);
  await expect(phone.getByRole('heading', { name: title })).toBeVisible();
  await expect(phone.getByText('Valid until 2099-12-31')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Download haccp.pdf' })).toBeVisible();
  await phone.goto('/notauth/certificate/no-such-certificate');
  await expect(phone.getByText('This certificate is not available')).toBeVisible();
  await customer.close();
});
