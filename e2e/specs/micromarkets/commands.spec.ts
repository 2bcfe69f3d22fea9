import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

type Micromarket = { id: number; name: string; serial_number: string; connection: string };

/** The demo micromarket with this serial, once the simulated fridge behind it is online. */
async function onlineDemoFridge(request: APIRequestContext, token: string, serial: string): Promise<Micromarket> {
  let found: Micromarket | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/v1/device/list?q=${serial}&per_page=5`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const items = ((await response.json()) as { items: Micromarket[] }).items;
        found = items.find((item) => item.serial_number === serial);
        return found?.connection;
      },
      { timeout: 30_000, message: `the simulated fridge ${serial} comes online` },
    )
    .toBe('online');
  return found!;
}

test('an operator confirms opening the door of a simulated fridge (cancelling sends nothing) and sees the fridge acknowledge it', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  const fridge = await onlineDemoFridge(request, token, 'E2E-1001');
  const card = new MicromarketCard(page);
  await card.open(fridge.id);
  await card.expectHeading(fridge.name);
  await card.goToTab('Commands');
  await card.expectTabInUrl('commands');

  // Issue 33: the door of an unattended fridge opens only once the operator confirms.
  const queued = async () => {
    const response = await request.get(`/v1/device/commands/${fridge.id}?per_page=1`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { total: number }).total;
  };
  const before = await queued();
  await page.getByRole('button', { name: 'Open door' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: 'Open the door?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('command-outcome')).toHaveCount(0);
  expect(await queued()).toBe(before);

  await page.getByRole('button', { name: 'Open door' }).click();
  await confirm.getByRole('button', { name: 'Send' }).click();
  const outcome = page.getByTestId('command-outcome');
  // §8: the server's own words, then the state the fridge's ack brings over the live stream.
  await expect(outcome).toContainText('The door will be opened shortly');
  await expect(outcome.locator('[data-status]')).toHaveAttribute('data-status', 'acknowledged', { timeout: 30_000 });
  const history = page.getByTestId('command-history');
  const row = history.getByRole('row').filter({ hasText: 'Open door' }).first();
  await expect(row).toContainText('Acknowledged');
  // Who opened it, as the command recorded it.
  await expect(row).toContainText('operator@vitrina.local');
});

test('an operator checks the accelerometer of a simulated fridge and reads the tilt verdict', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  const fridge = await onlineDemoFridge(request, token, 'E2E-1002');
  await new MicromarketCard(page).open(fridge.id, 'commands');
  await page.getByRole('button', { name: 'Accelerometer check' }).click();
  const outcome = page.getByTestId('command-outcome');
  await expect(outcome).toContainText('The command has been sent to the micromarket');
  // §8: "Tilt is correct" at ≤ 2°, else "Tilt needs adjusting".
  await expect(page.getByTestId('command-result')).toHaveText(/^(Tilt is correct|Tilt needs adjusting)$/, {
    timeout: 30_000,
  });
  await expect(outcome.locator('[data-status]')).toHaveAttribute('data-status', 'acknowledged');
});
