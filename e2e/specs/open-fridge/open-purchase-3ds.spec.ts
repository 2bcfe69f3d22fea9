import { connectFridge } from '../../fixtures/fridge';
import { fridgeWithCustomerLink } from '../../fixtures/sales';
import { expect, test } from '../../fixtures/session';

/**
 * Issue 24: 3-D Secure with the built-in test provider. The test card 4000 0027 6000 3184 asks
 * the buyer's bank on every payment: the open-fridge page sends the buyer to the test bank's
 * challenge page; declined there, the page they come back to says §8's payment system error;
 * approved, the page they come back to finishes the purchase and the door opens.
 */
test('a 3-D Secure test card: declined at the bank is a payment error, approved opens the door', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const link = await fridgeWithCustomerLink(request, '3DS');

  const fridge = await connectFridge(link.serial, link.token);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  try {
    await fridge.send('telemetry', { temperature: 4.5, door: 'closed', weights: [1500] });
    await expect(async () => {
      await page.goto(link.url);
      await expect(page.getByLabel('Name *')).toBeVisible();
      await expect(page.getByText('No ping/connection')).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const buyWith3ds = async () => {
      await page.getByLabel('Name *').fill('Olena');
      await page.getByLabel('Phone *').fill('+380501112233');
      await page.getByLabel('Card number').fill('4000 0027 6000 3184');
      await page.getByRole('button', { name: 'Open the door' }).click();
      // The test bank's challenge page, a page of the server's own.
      await expect(page.getByRole('heading', { name: 'Test bank: confirm the payment' })).toBeVisible();
      await expect(page).toHaveURL(/\/v1\/notauth\/test-bank\/authenticate\/pi_test_/);
      await expect(page.getByText(/asks you to confirm the payment of /)).toBeVisible();
    };

    await buyWith3ds();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/notauth\/open\/fridge\/.+\?attempt=/);
    await expect(page.getByText('Payment system error')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open the door' })).toBeVisible();
    // The form as the buyer filled it, for another try.
    await expect(page.getByLabel('Name *')).toHaveValue('Olena');
    await expect(page.getByLabel('Phone *')).toHaveValue('+380501112233');

    await buyWith3ds();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/notauth\/open\/fridge\/.+\?attempt=/);
    await expect(page.getByText('The door will be opened shortly')).toBeVisible();
    await expect(page.getByTestId('open-progress')).toBeVisible();
    const opening = await fridge.command('open_door');
    await fridge.send('ack', { command_id: opening.id, status: 'done' });
    await expect(page.getByTestId('open-progress')).toContainText('The door is open');
  } finally {
    await fridge.end();
    await phone.close();
  }
});
