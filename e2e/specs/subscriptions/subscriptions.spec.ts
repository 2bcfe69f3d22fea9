import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';

/** The operator's demo organisation, which the platform admin bills. */
const MAIN = 1;

test('a micromarket subscribed by invoice in the modal; the platform marks the invoice paid; the payment lists paid', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const name = `Subscribed fridge ${suffix}`;
  const operator = await apiLogin(request, 'operator');
  const created = await request.post('/v1/device/create', {
    headers: { authorization: `Bearer ${operator}` },
    data: { name, serial_number: `E2E-SUB-${suffix}`, address: 'Khreshchatyk 1' },
  });
  expect(created.status(), await created.text()).toBe(200);

  const admin = await signInAs('admin');
  // The modal bills the organisation in view (`?org_id=`).
  await page.goto(`/device/subscribe/transactions?org_id=${MAIN}`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Subscribe micromarkets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe micromarkets' });
  await dialog.getByLabel(new RegExp(name)).check();
  await dialog.getByLabel('By invoice').check();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed', { exact: true })).toBeVisible();

  const invoices = await request.get(`/v1/organization/subscription/invoices?org_id=${MAIN}`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const number: string = (await invoices.json()).items[0].number;
  await page.goto(`/organization/subscription?org_id=${MAIN}`);
  await page.getByRole('tab', { name: 'Invoices' }).click();
  const invoiceRow = page.getByRole('row').filter({ hasText: number });
  await invoiceRow.getByRole('button', { name: 'Mark paid' }).click();
  await expect(invoiceRow.getByText('Paid', { exact: true })).toBeVisible();

  await page.goto('/device/subscribe/transactions');
  const paymentRow = page.getByRole('row').filter({ hasText: number });
  await expect(paymentRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paymentRow.getByText('First payment')).toBeVisible();
});
