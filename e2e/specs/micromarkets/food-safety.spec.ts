import type { APIRequestContext } from '@playwright/test';
import { connectFridge } from '../../fixtures/fridge';
import { expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

/**
 * A fridge that gets too warm: its telemetry over MQTT becomes a technical alert and a
 * food-safety lock, and an operator resets the lock once the fridge is cold again.
 * The test plays the fridge itself (a plain MQTT client), so it decides the temperatures.
 */
async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const response =
    method === 'GET'
      ? await request.get(url, { headers: { Authorization: `Bearer ${token}` } })
      : await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test('a fridge above its limit is locked with an alert, and the lock is reset once it is cold again', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  // Krakow (edited by the main organisation) locks at the first warm reading; the test fridges of main are untouched.
  const orgs: { items: { id: number; name: string }[] } = await api(request, token, 'GET', '/v1/organization/options');
  const krakow = orgs.items.find((org) => org.name.startsWith('Krakow'))!;
  await api(request, token, 'POST', '/v1/device/thresholds/update', {
    org_id: krakow.id,
    temperature_min: 2,
    temperature_max: 8,
    lock_after_minutes: 0,
    door_open_timeout_seconds: 30,
    weight_tolerance_grams: 50,
  });
  const serial = `E2E-WARM-${Date.now()}`;
  const created = await api(request, token, 'POST', '/v1/device/create', {
    org_id: krakow.id,
    name: `Warm fridge ${serial.slice(-5)}`,
    serial_number: serial,
  });
  const id: number = created.id;
  const { send, end } = await connectFridge(serial, created.token);
  await send('telemetry', { temperature: 4.5, door: 'closed' });
  await send('telemetry', { temperature: 11.5 });

  await page.goto('/technical/analytics');
  const row = page.getByRole('row').filter({ hasText: created.name });
  await expect(row.first()).toContainText('Suspicious temperature');
  await expect(row.first()).toContainText('11.5 °C, limit 8 °C');

  const card = new MicromarketCard(page);
  await card.open(id);
  const banner = card.lockBanner;
  await expect(banner).toContainText('Locked for food safety');
  // Still warm: the server refuses and says why.
  await page.getByRole('button', { name: 'Reset lock' }).click();
  // The banner keeps the server's answer (the error toast shows it too, for a moment).
  await expect(banner).toContainText('The temperature is not back in range yet');

  await send('telemetry', { temperature: 5 });
  await expect.poll(async () => (await api(request, token, 'GET', `/v1/device/info/${id}`)).temperature).toBe(5);
  await page.getByRole('button', { name: 'Reset lock' }).click();
  await expect(banner).toBeHidden();
  await end();
});
