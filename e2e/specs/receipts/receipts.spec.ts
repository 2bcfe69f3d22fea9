import { expect, test } from '../../fixtures/session';

/** The paid sale SEED=e2e makes on E2E Fridge North (apps/server/src/demo/e2e-receipt.ts). */
const RECEIPT_TOKEN = 'e2e0e2e0-0000-4000-8000-000000000001';

test('a customer opens the receipt of a paid sale by its link and downloads the PDF', async ({ browser, request }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(`/receipt/${RECEIPT_TOKEN}`);
  await expect(page.getByRole('heading', { name: /^Receipt No\. \d+$/ })).toBeVisible();
  await expect(page.getByText('E2E Fridge North, Test street 1')).toBeVisible();
  const lines = page.getByRole('list', { name: 'Products' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines.getByText('E2E Water 500 ml')).toBeVisible();
  await expect(lines.getByText('2 × UAH 25.00')).toBeVisible();
  await expect(lines.getByText('Сирник з родзинками')).toBeVisible();
  await expect(page.getByText('Paid with bonuses')).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('UAH 90.00');

  const href = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto('/receipt/e2e0e2e0-0000-4000-8000-00000000ffff');
  await expect(page.getByText('There is no receipt at this link')).toBeVisible();
  await phone.close();
});

test('an operator sets up the fiscal test provider and opens and closes its shift', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/organization/payment/system');
  await page.getByRole('tab', { name: 'Fiscal receipts' }).click();
  await expect(page).toHaveURL(/tab=fiscal/);
  const panel = page.getByRole('tabpanel', { name: 'Fiscal receipts' });
  await panel.locator('label.ant-radio-button-wrapper', { hasText: 'Test provider' }).click();
  await panel.getByLabel('Readiness delay, s').fill('5');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await panel.getByRole('button', { name: 'Open shift' }).click();
  await expect(panel.getByTestId('fiscal-shift')).toHaveText('Shift open');
  await panel.getByRole('button', { name: 'Close shift' }).click();
  await expect(panel.getByTestId('fiscal-shift')).toHaveText('Shift closed');
});

test('an operator chooses Checkbox for a sub-organisation: a cashier is required, and secrets come back masked', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  // Krakow, the sub-organisation the operator may edit: the other spec uses the main one's register.
  await page.goto('/organization/payment/system?org_id=3&tab=fiscal');
  const panel = page.getByRole('tabpanel', { name: 'Fiscal receipts' });
  await panel.locator('label.ant-radio-button-wrapper', { hasText: 'Checkbox' }).click();
  await panel.getByLabel('Cash register license key').fill('e2e-license-key-0001');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByText('Enter the cashier’s login and password, or PIN code')).toBeVisible();

  await panel.getByLabel('Cashier login').fill('e2e-cashier');
  await panel.getByLabel('Cashier password').fill('e2e-secret-pass');
  await panel.getByLabel('Default tax groups').fill('А');
  await panel.getByLabel('Default tax groups').press('Enter');
  await panel.getByLabel('Daily shift close').fill('23:40');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(panel.getByText('Stored: ••••0001. Leave empty to keep it.')).toBeVisible();
  await expect(panel.getByLabel('Cashier login')).toHaveValue('e2e-cashier');
  await expect(panel.getByLabel('Daily shift close')).toHaveValue('23:40');
  await expect(panel.getByText('e2e-secret-pass')).toHaveCount(0);
});
