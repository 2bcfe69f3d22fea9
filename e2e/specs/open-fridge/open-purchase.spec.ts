import { connectFridge } from '../../fixtures/fridge';
import { fridgeWithCustomerLink } from '../../fixtures/sales';
import { expect, test } from '../../fixtures/session';

/**
 * Issue 8: the customer open-fridge page is a web purchase. A refusal of §8 is shown on the
 * page; a test card, saved by the test provider's card form, holds and queues the
 * opening; a declined one is refused and the next card is saved anew.
 */
test('a customer link shows the refusal, then takes a test card and queues the opening', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const link = await fridgeWithCustomerLink(request, 'Web');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  // No fridge connected yet: §8's "no ping/connection" before the form.
  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: 'Open the micromarket' })).toBeVisible();
  await expect(page.getByText('No ping/connection')).toBeVisible();

  const fridge = await connectFridge(link.serial, link.token);
  try {
    await fridge.send('telemetry', { temperature: 4.5, door: 'closed', weights: [1500] });
    await expect(async () => {
      await page.reload();
      await expect(page.getByLabel('Name *')).toBeVisible();
      await expect(page.getByText('No ping/connection')).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await page.getByLabel('Name *').fill('Olena');
    await page.getByLabel('Phone *').fill('+380501112233');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Open the door' }).click();
    await expect(page.getByText('Payment system error')).toBeVisible();

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Open the door' }).click();
    await expect(page.getByText('The door will be opened shortly')).toBeVisible();
    await expect(page.getByTestId('open-progress')).toBeVisible();
    // The fridge opens the door: until it closes and the sale is settled, §9's processing time is said.
    const opening = await fridge.command('open_door');
    await fridge.send('ack', { command_id: opening.id, status: 'done' });
    await expect(page.getByTestId('open-progress')).toContainText('The door is open');
    await expect(page.getByTestId('open-processing')).toHaveText(
      'Once you close the door, your purchase is processed: processing may take up to 1 minute.',
    );
  } finally {
    await fridge.end();
    await phone.close();
  }
});
