import { sellToE2eCustomer } from '../../fixtures/sales';
import { expect, test, USERS } from '../../fixtures/session';

/**
 * Refunds an operator can trust: one product of a paid sale is refunded with a
 * reason, the confirmation shows exactly what goes back before anything is sent, and the sale
 * shows "Partly refunded" on its card and in the list, with who refunded what and why.
 */
test('an operator refunds one product of a paid sale with a reason, confirms the amount, and sees it partly refunded', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  // Two of one product at 45.00, paid by the customer's saved card.
  const sale = await sellToE2eCustomer(request);
  await signInAs('admin');

  await page.goto(`/device/transaction/payment/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Payment of transaction No. ${sale.id}` })).toBeVisible();
  await expect(page.getByText('left to refund: 2 of 2')).toBeVisible();
  await page.getByLabel(`Quantity to refund: ${sale.productName}`).fill('1');
  await expect(page.getByText(/^To refund:/)).toContainText('45.00');
  // Nothing is sent without a reason.
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByLabel('Reason').click();
  await page.getByText('Product damaged or expired', { exact: true }).filter({ visible: true }).click();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();

  // The confirmation: the product, how many, the total in the sale's currency, the reason.
  const dialog = page.getByRole('dialog', { name: 'Confirm the refund' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText(`${sale.productName} × 1`);
  await expect(dialog.getByRole('listitem')).toContainText('45.00');
  await expect(dialog).toContainText(/To refund\s*UAH\s*45\.00/);
  await expect(dialog).toContainText('Product damaged or expired');
  await dialog.getByRole('button', { name: /^Refund UAH\s*45\.00$/ }).click();

  await expect(page.getByRole('alert').filter({ hasText: /Refunded UAH\s*45\.00/ })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.ant-tag', { hasText: /^Partly refunded$/ })).toBeVisible();
  await expect(page.getByText('left to refund: 1 of 2')).toBeVisible();

  // The card: the state beside the payment status, and who refunded what, when and why.
  await page.goto(`/device/transaction/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Transaction No. ${sale.id}` })).toBeVisible();
  await expect(page.locator('.ant-tag', { hasText: /^Partly refunded$/ })).toBeVisible();
  const refund = page.getByRole('row').filter({ hasText: 'Product damaged or expired' });
  await expect(refund).toContainText(`${sale.productName} × 1`);
  await expect(refund).toContainText(USERS.admin.name);
  await expect(refund).toContainText('Success');

  // The list: the tag in the payment status column, and the filter finds it.
  await page.goto('/device/transaction?refund_state=partly_refunded');
  const row = page.getByRole('row').filter({ hasText: sale.micromarketName });
  await expect(row).toContainText('Partly refunded');
  await expect(row).toContainText('Paid');
});
