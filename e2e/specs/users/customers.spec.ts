import { apiAs, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

test('an operator tops up a customer’s bonuses with a reason and sees the balance and the history row', async ({
  page,
  request,
  signInAs,
}) => {
  const suffix = uniqueSuffix();
  const name = `Bonus Customer ${suffix}`;
  // A customer of its own, so no other spec's sale spends these bonuses.
  await (await apiAs(request, 'operator'))('/v1/user/create', {
    name,
    email: `bonus.${suffix}@customer.example`,
    org_id: 1,
    user_type: 1,
    phones: ['+380671234567'],
  });
  await signInAs('operator');
  await page.goto('/user/list');
  await page.getByRole('tab', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/user_type=1/);
  const search = page.getByPlaceholder('Search by name, email or phone');
  await search.fill(name);
  await search.press('Enter');
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  // The view is in the link: a reload keeps the customers and their columns.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Customers', selected: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Last purchase' })).toBeVisible();

  await page.getByRole('button', { name: `Bonuses of ${name}` }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('No bonus operations yet')).toBeVisible();
  await drawer.getByLabel('Amount').fill('125.50');
  await drawer.getByRole('button', { name: 'Top up' }).last().click();
  // Without a reason the server names the field.
  await expect(drawer.getByText('This field is required')).toBeVisible();
  await drawer.getByLabel('Reason').fill('Apology for a stuck door');
  await drawer.getByRole('button', { name: 'Top up' }).last().click();

  await expect(drawer.locator('.ant-statistic-content')).toContainText('125.50');
  const row = drawer.getByRole('row', { name: /Apology for a stuck door/ });
  await expect(row).toContainText('+');
  await expect(row).toContainText('125.50');
  await expect(row).toContainText('Taras Melnyk');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('125.50');
});
