import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';

/** Issue 9: an operator makes a group by pasting phones and sees the report and who they reach. */
test('a group made by pasting phones reports what it read and resolves a customer', async ({
  page,
  request,
  signInAs,
}) => {
  const token = await apiLogin(request, 'operator');
  const headers = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/v1/user/me', { headers })).json();
  // A customer of the operator's own organisation: the group is made there.
  const customers = await (
    await request.get(`/v1/user/list?user_type=1&per_page=1&org_id=${me.org_id}`, { headers })
  ).json();
  const customer = customers.items[0] as { name: string; phones: string[] };
  const name = `Regulars ${uniqueSuffix()}`;

  await signInAs('operator');
  await page.goto('/user/group');
  await page.getByRole('button', { name: 'New group' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByLabel('Phones to add').fill(`${customer.phones[0]}\n+380509990011\n+380509990011\nno number`);
  await page.getByRole('button', { name: 'Add phones' }).click();
  await expect(page.getByText('Added 2, duplicates 1, invalid 1, not yet customers 1')).toBeVisible();
  await expect(page.getByText('Not phone numbers: no number')).toBeVisible();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByRole('row', { name: new RegExp(customer.name) })).toBeVisible();
  await expect(drawer.getByRole('row', { name: /\+380509990011 Not a customer yet/ })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('2');
  await expect(row).toContainText('1');
});
