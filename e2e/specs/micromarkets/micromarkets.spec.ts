import { apiAs, uniqueSuffix } from '../../fixtures/catalogue';
import { chooseOption, expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

test('an operator creates a micromarket, keeps its token, sets test mode, adds a shelf and a discount', async ({
  page,
  signInAs,
}) => {
  // Five screens of work in one story; slower than the default budget on a loaded machine.
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const name = `Lobby fridge ${suffix}`;
  await signInAs('operator');
  await page.goto('/device/list');

  await page.getByRole('button', { name: 'New micromarket' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Serial number').fill(`E2E-${suffix}`);
  await drawer.getByRole('button', { name: 'Create' }).click();

  // The token is shown once, with a copy button.
  const tokenModal = page.getByRole('dialog', { name: 'Private token' });
  await expect(tokenModal).toBeVisible();
  await expect(tokenModal.getByLabel('Private token')).toHaveValue(/^[\w-]{43}$/);
  await expect(tokenModal.getByRole('button', { name: 'Copy' })).toBeVisible();
  await tokenModal.getByRole('button', { name: 'I have saved it' }).click();
  await expect(tokenModal).toBeHidden();

  await page.getByRole('link', { name, exact: true }).click();
  const card = new MicromarketCard(page);
  await card.expectHeading(name, { exact: true });
  await expect(page.getByText('Issued ')).toBeVisible();

  // Test payment mode needs its amount: the form says so before anything is sent.
  await card.goToTab('Settings');
  await page.getByRole('switch', { name: 'Test payment mode' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Test amount').fill('5');
  // The micromarket's own "Saved" may still be showing on a slow machine: let it go first, so
  // the one awaited below is the settings'.
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Test amount')).toHaveValue('5.00');

  await card.goToTab('Shelves');
  await page.getByRole('button', { name: 'Add shelf' }).click();
  const shelf = page.getByRole('dialog', { name: 'Add shelf' });
  await shelf.getByLabel('Name', { exact: true }).fill('Top');
  await shelf.getByRole('button', { name: 'Create' }).click();
  await expect(shelf).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Top', exact: true })).toBeVisible();

  await card.goToTab('Discounts');
  await page.getByLabel('Percent').fill('10');
  await page.getByRole('button', { name: 'Add discount' }).click();
  await expect(page.getByRole('cell', { name: '10%', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();

  await card.goToTab('History');
  await expect(page.getByRole('cell', { name: 'Discount added' })).toBeVisible();
});

test('an operator groups micromarkets into a weekday route of a courier', async ({ page, request, signInAs }) => {
  const suffix = uniqueSuffix();
  const name = `Campus ${suffix}`;
  // A courier of its own, so the route never changes what the demo courier's specs see; named
  // apart from the demo's Courier role, which other specs find by its name.
  const post = await apiAs(request, 'admin');
  const role = await post<{ id: number }>('/v1/role/create', {
    name: `Route runner ${suffix}`,
    permissions: ['show_courier_page'],
  });
  const courier = `Runner ${suffix}`;
  await post('/v1/user/create', { name: courier, email: `courier.${suffix}@example.com`, org_id: 1, role_id: role.id });
  await signInAs('operator');
  await page.goto('/device/device-group');
  await page.getByRole('button', { name: 'New group' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name', { exact: true }).fill(name);
  await drawer.getByLabel('Type').fill('campus');
  await drawer.getByLabel('Micromarkets').click();
  await page.locator('.ant-select-item-option', { hasText: 'E2E Fridge North' }).click();
  // The multiple select stays open after a choice and, with other specs' fridges listed, can
  // cover the drawer's buttons: leaving the field closes it, as a user would.
  await drawer.getByLabel('Type').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await chooseOption(page, drawer.getByLabel('Couriers of the route'), courier);
  await drawer.getByLabel('Type').click();
  await drawer.getByRole('checkbox', { name: 'Sat' }).uncheck();
  await drawer.getByRole('checkbox', { name: 'Sun' }).uncheck();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('E2E Fridge North');
  await expect(row).toContainText(courier);
  await expect(row).toContainText('Mon Tue Wed Thu Fri');
});

test('a static path of the devices section is never read as a micromarket id', async ({ page, signInAs }) => {
  await signInAs('operator');
  // /device/transaction is the sales list, never the card of a micromarket with id "transaction".
  await page.goto('/device/transaction');
  await expect(page.getByRole('heading', { name: 'Transactions' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Micromarket', exact: true })).toBeHidden();
  // /device/display has its own screen, the wall board.
  await page.goto('/device/display');
  await expect(page).toHaveURL(/\/device\/display$/);
  await expect(page.getByRole('heading', { name: 'Display', exact: true })).toBeVisible();
  await expect(page.getByTestId('display-legend')).toBeVisible();
});
