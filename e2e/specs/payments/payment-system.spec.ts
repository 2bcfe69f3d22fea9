import { chooseOption, expect, test } from '../../fixtures/session';

/** Demo organisations: the operator's own (1) and Krakow (3), which it may edit. */
const KRAKOW = 3;
const MAIN = 1;

test('an operator sets up the test provider, meets the payment system error on a time-out, then a working connection', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  await page.goto(`/organization/payment/system?org_id=${KRAKOW}`);
  await expect(page.getByRole('heading', { name: 'Payment system' })).toBeVisible();
  // The demo organisations pay through the built-in test provider from the start.
  await expect(page.locator('label.ant-radio-button-wrapper-checked', { hasText: 'Test provider' })).toBeVisible();
  await chooseOption(page, page.getByLabel('Simulate'), 'The provider times out');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(page.getByTestId('webhook-url')).toHaveText(new RegExp(`/v1/payment/webhook/${KRAKOW}/test$`));

  await page.getByRole('button', { name: 'Test connection' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Payment system error' });
  await expect(failure).toContainText('The payment provider did not answer in time');

  await chooseOption(page, page.getByLabel('Simulate'), 'Everything works');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('The provider accepted the connection')).toBeVisible();
  await expect(failure).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.ant-select').filter({ hasText: 'Everything works' })).toBeVisible();
});

test('the form refuses a Stripe key of the wrong kind, and a saved key comes back masked', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  await page.goto(`/organization/payment/system?org_id=${MAIN}`);
  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Stripe' }).click();
  await page.getByLabel('Secret key').fill('pk_test_publishable0123456');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Enter a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…)'),
  ).toBeVisible();

  await page.getByLabel('Secret key').fill('sk_test_51E2eSecretKey0000abcd');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stored: ••••abcd. Leave empty to keep it.')).toBeVisible();
  await expect(page.getByLabel('Secret key')).toHaveValue('');
  await expect(page.getByText('sk_test_51E2eSecretKey0000abcd')).toHaveCount(0);
});
