import { uniqueSuffix } from '../../fixtures/catalogue';
import { sellToE2eCustomer } from '../../fixtures/sales';
import { chooseOption, expect, test } from '../../fixtures/session';

/**
 * Bonus promotions: an operator creates a 10% cashback for a micromarket on the
 * form, a customer buys there, and the settlement credits the bonus: the transaction card
 * shows it accrued. The promotion is then closed from the list and moves to "Inactive".
 */
test('a cashback promotion created on the form is credited after a purchase, then closed', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs('admin');
  const name = `Cashback ${uniqueSuffix()}`;
  const sale = await sellToE2eCustomer(request, {
    beforeSale: async (micromarket) => {
      await page.goto('/user/bonus/promotions/new');
      await expect(page.getByRole('heading', { name: 'New promotion' })).toBeVisible();
      await chooseOption(page, page.getByLabel('Organization'), 'Kyiv');
      await page.getByLabel('Name').fill(name);
      await page.getByRole('spinbutton', { name: 'Percent' }).fill('10');
      await chooseOption(page, page.getByLabel('Micromarkets'), micromarket.name);
      // The preview answers before saving: one customer of Kyiv at least, nothing paid yet there.
      await page.getByRole('button', { name: 'Show preview' }).click();
      await expect(page.getByTestId('preview-would-pay')).toBeVisible();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('heading', { name: 'Bonus promotions' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Active');
    },
  });

  // Two sandwiches at 45.00: 10% is 9.00 in bonuses.
  await page.goto(`/device/transaction/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Transaction No. ${sale.id}` })).toBeVisible();
  const accrued = page.getByRole('rowheader', { name: 'Bonuses accrued' }).locator('xpath=following-sibling::td[1]');
  await expect(accrued).toHaveText('UAH 9.00');

  await page.goto('/user/bonus/promotions?status=active');
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Close' }).click();
  await expect(row).toHaveCount(0);
  await page.getByText('Inactive', { exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Closed');
});
