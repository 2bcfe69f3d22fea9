import { sellToE2eCustomer } from '../../fixtures/sales';
import { expect, test } from '../../fixtures/session';

/**
 * A fridge's sale in the panel: it shows in the transactions list, its card lists the
 * products and the charge, and a partial refund on the payment page becomes a type 2
 * (refund) payment transaction.
 */
test('a sale appears in the list, its card shows products and payment, and a partial refund is a refund transaction', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const sale = await sellToE2eCustomer(request);
  await signInAs('admin');

  await page.goto('/device/transaction');
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: sale.micromarketName });
  await expect(row).toContainText('E2E Customer');
  await expect(row).toContainText('Successful');
  await expect(row).toContainText('Paid');

  await row.getByRole('link', { name: `#${sale.id}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Transaction No. ${sale.id}` })).toBeVisible();
  // The products table, then the sensors' detections: both name the product.
  const lines = page.getByRole('row').filter({ hasText: sale.productName });
  await expect(lines.first()).toContainText('Weight');
  await expect(lines).toHaveCount(2);
  const charge = page.getByRole('row').filter({ hasText: 'Charge' });
  await expect(charge).toContainText('Debit');
  await expect(charge).toContainText('Success');
  // The door session's evidence: shelf 1 lost a kilogram.
  await expect(page.getByRole('row').filter({ hasText: 'Shelf 1' })).toContainText('-1,000');

  // The receipt row action: the public receipt of the paid sale.
  await expect(page.getByRole('link', { name: 'Open the receipt' })).toHaveAttribute(
    'href',
    /\/receipt\/[0-9a-f-]{36}$/,
  );

  await page.getByRole('button', { name: 'Payment' }).click();
  await expect(page.getByRole('heading', { name: `Payment of transaction No. ${sale.id}` })).toBeVisible();
  await page.getByRole('radiogroup').getByText('By amount', { exact: true }).click();
  await page.getByLabel('Amount to refund').fill('10');
  await page.getByLabel('Reason').click();
  await page.getByText('Goodwill', { exact: true }).filter({ visible: true }).click();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  // A refund asks first, with the amount.
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Refund UAH\s*10\.00$/ })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Refunded' })).toBeVisible();
  const refund = page.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: 'Success' });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('10.00');

  // The list shows the refunded amount.
  await page.goto(`/device/transaction?customer=${encodeURIComponent('E2E Customer')}`);
  await expect(page.getByRole('row').filter({ hasText: sale.micromarketName })).toContainText('10.00');
});

test('a manual-check sale waits for the operator, who corrects the count; the payment follows the correction', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const sale = await sellToE2eCustomer(request, {
    settings: { manual_check_mode: true },
    quantity: 3,
    until: { status: 2, payment_status: 0 },
  });
  await signInAs('admin');
  await page.goto(`/device/transaction/${sale.id}`);
  await expect(page.getByText('Manual processing')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Shelf 1' })).toContainText('-1,000');

  // The camera saw three, the customer took one.
  await page.getByRole('button', { name: 'Correct products' }).click();
  await page.getByLabel('Quantity 1').fill('1');
  await page.getByRole('button', { name: 'Confirm and settle' }).click();
  await expect(page.getByText('The products were corrected; the payment follows')).toBeVisible();
  const line = page.getByRole('row').filter({ hasText: sale.productName }).first();
  await expect(line).toContainText('Corrected');
  await expect(page.getByText('Successful', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-tag', { hasText: /^Paid$/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Charge' })).toContainText('45.00');
});
