import { apiAs, uniqueSuffix } from '../../fixtures/catalogue';
import { expect, test } from '../../fixtures/session';

test('an operator blocks a customer from the cabinets on the customer’s card, with a reason, and unblocks them', async ({
  page,
  request,
  signInAs,
}) => {
  const suffix = uniqueSuffix();
  const name = `Careless Customer ${suffix}`;
  // A customer of its own, so no other spec meets the block.
  await (await apiAs(request, 'operator'))('/v1/user/create', {
    name,
    email: `blocked.${suffix}@customer.example`,
    org_id: 1,
    user_type: 1,
    phones: ['+380671234568'],
  });
  await signInAs('operator');
  await page.goto('/user/list?user_type=1');
  const search = page.getByPlaceholder('Search by name, email or phone');
  await search.fill(name);
  await search.press('Enter');
  await page.getByRole('button', { name: `Edit ${name}` }).click();

  const card = page.getByRole('dialog', { name: 'Edit user' });
  const access = card.getByRole('region', { name: 'Cabinet access' });
  await expect(access).toContainText('Can open the micromarkets of');
  await access.getByRole('button', { name: 'Block from cabinets' }).click();

  // Blocking asks first, and for the reason.
  const confirm = page.getByRole('dialog', { name: `Block ${name} from cabinets?` });
  await expect(confirm).toContainText('will refuse them with “Blocked from the cabinet” until they are unblocked');
  await confirm.getByRole('button', { name: 'Block from cabinets' }).click();
  await expect(confirm.getByText('This field is required')).toBeVisible();
  await confirm.getByLabel('Reason').fill('Left the door open twice with goods inside');
  await confirm.getByRole('button', { name: 'Block from cabinets' }).click();
  await expect(confirm).toBeHidden();

  await expect(access.getByRole('alert')).toContainText('Blocked from cabinets');
  await expect(access).toContainText('Reason: Left the door open twice with goods inside');
  await expect(access).toContainText('by Taras Melnyk');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  // The list marks the customer too.
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Blocked');

  // Unblocking asks too; the card then says the customer may open again.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await card.getByRole('region', { name: 'Cabinet access' }).getByRole('button', { name: 'Unblock' }).click();
  const ask = page.getByRole('tooltip').filter({ hasText: `Unblock ${name}?` });
  await ask.getByRole('button', { name: 'Unblock' }).click();
  await expect(card.getByRole('region', { name: 'Cabinet access' })).toContainText('Can open the micromarkets of');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('Blocked');
});
