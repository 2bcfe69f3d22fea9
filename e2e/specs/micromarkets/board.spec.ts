import type { APIRequestContext, Page } from '@playwright/test';
import { COOKIE } from '@vitrina/contract';
import { connectFridge } from '../../fixtures/fridge';
import { expect, test } from '../../fixtures/session';

/**
 * Issue 25, truthful status: the wall board counts what it names and says what is wrong with
 * each fridge (reading, limit, how long), the fleet map shows them with status colours and
 * clusters over local tiles, and the alert bell lists the new alerts and opens them.
 * The spec plays the fridges itself (plain MQTT clients), so it decides the temperatures.
 */
async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const headers = { Authorization: `Bearer ${token}` };
  const response = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

type Fleet = {
  warm: { id: number; name: string };
  hot: { id: number; name: string };
  dark: { id: number; name: string };
};

/** Two fridges at 9.9 °C and 11.0 °C, side by side in Kyiv, and one that never connects. */
async function warmFleet(request: APIRequestContext, token: string): Promise<Fleet & { end: () => Promise<void> }> {
  const suffix = String(Date.now()).slice(-6);
  const create = (name: string, place: { latitude: number; longitude: number } | null) =>
    api(request, token, 'POST', '/v1/device/create', {
      name: `${name} ${suffix}`,
      serial_number: `E2E-BOARD-${name.replace(/\W/g, '')}-${suffix}`,
      ...(place ?? {}),
    });
  // Each run of this helper has its own corner of Kyiv, so parallel specs' fridges stand apart.
  const latitude = 50.4412 + (Number(suffix) % 50) * 0.001;
  const warm = await create('Warm fridge', { latitude, longitude: 30.5201 });
  const hot = await create('Hot fridge', { latitude: latitude + 0.0002, longitude: 30.5204 });
  const dark = await create('Silent fridge', null);
  const fridges: Awaited<ReturnType<typeof connectFridge>>[] = [];
  for (const [created, temperature] of [
    [warm, 9.9],
    [hot, 11],
  ] as const) {
    const fridge = await connectFridge(created.serial_number, created.token);
    await fridge.send('telemetry', { temperature: 5, door: 'closed' });
    await fridge.send('telemetry', { temperature });
    fridges.push(fridge);
  }
  // The gateway has taken both readings once the board says so.
  await expect
    .poll(async () => {
      const board = await api(request, token, 'GET', '/v1/device/display');
      return board.items
        .filter((item: { id: number }) => item.id === warm.id || item.id === hot.id)
        .map((item: { temperature: number | null; open_alerts: number }) => [
          Math.round((item.temperature ?? 0) * 10) / 10,
          item.open_alerts,
        ]);
    })
    .toEqual([
      [11, 1],
      [9.9, 1],
    ]);
  return {
    warm,
    hot,
    dark,
    end: async () => {
      for (const fridge of fridges) await fridge.end();
    },
  };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

test('the board counts what it names and each tile says which alert, the reading, the limit and for how long', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  const fleet = await warmFleet(request, token);

  await page.goto('/device/display');
  const hot = page.getByTestId(`display-tile-${fleet.hot.id}`);
  await expect(hot).toContainText('Temperature out of range');
  await expect(hot).toContainText('11.0 °C, limit 8 °C');
  await expect(page.getByTestId(`display-tile-${fleet.warm.id}`)).toContainText('9.9 °C, limit 8 °C');
  const dark = page.getByTestId(`display-tile-${fleet.dark.id}`);
  await expect(dark).toContainText('Offline');
  await expect(dark).toContainText('Never connected');

  // Other specs add fridges as they run: the counters are at least ours, and filter to what they name.
  const temperature = page.getByTestId('board-counter-temperature');
  await expect(async () => {
    expect(Number(await temperature.locator('strong').textContent())).toBeGreaterThanOrEqual(2);
    expect(
      Number(await page.getByTestId('board-counter-offline').locator('strong').textContent()),
    ).toBeGreaterThanOrEqual(1);
  }).toPass();
  await temperature.click();
  await expect(page).toHaveURL(/show=temperature/);
  await expect(page.getByTestId(`display-tile-${fleet.hot.id}`)).toBeVisible();
  await expect(page.getByTestId(`display-tile-${fleet.warm.id}`)).toBeVisible();
  await expect(page.getByTestId(`display-tile-${fleet.dark.id}`)).toHaveCount(0);
  await shoot(page, 'board-en-1280');

  // The condition opens its alert.
  await hot.getByRole('link', { name: /Temperature out of range/ }).click();
  await expect(page).toHaveURL(new RegExp(`/technical/analytics\\?micromarket_id=${fleet.hot.id}&type=1`));
  await expect(page.getByRole('row').filter({ hasText: fleet.hot.name }).first()).toContainText('11 °C, limit 8 °C');
  await fleet.end();
});

test('the fleet map clusters nearby fridges in their status colour, over local tiles only', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  const fleet = await warmFleet(request, token);
  const outside: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') outside.push(request.url());
  });
  const tiles = process.env.E2E_TILE_URL!;
  const servedBefore = (await (await request.get(`${tiles}/requests`)).json()).served;

  // Only the fridges out of range: nearby ones (ours and other specs') gather in clusters of their colour.
  await page.goto('/device/display?show=temperature&view=map');
  const map = page.getByRole('region', { name: 'Map' });
  await expect(map).toBeVisible();
  const cluster = map.locator('.fleet-cluster').first();
  await expect(cluster).toBeVisible();
  expect(Number(await cluster.textContent())).toBeGreaterThanOrEqual(2);
  await expect(cluster).toHaveCSS('background-color', 'rgb(207, 19, 34)');
  await shoot(page, 'map-en-1280');
  // A cluster opens into what it holds.
  const before = Number(await cluster.textContent());
  await cluster.click();
  await expect(async () => {
    const markers = await map.locator('.fleet-marker').count();
    const first = Number(
      (await map
        .locator('.fleet-cluster')
        .first()
        .textContent({ timeout: 500 })
        .catch(() => '0')) ?? 0,
    );
    expect(markers > 0 || first < before).toBe(true);
  }).toPass();

  // One fridge up close (from its card): no cluster hides it, its popup says what is wrong and opens the alert.
  await page.goto(`/device/display?view=map&focus=${fleet.hot.id}`);
  const hotMarker = map.getByRole('button', { name: fleet.hot.name });
  await expect(hotMarker).toBeVisible();
  await expect(map.getByRole('button', { name: fleet.warm.name })).toBeVisible();
  const popup = map.locator('.fleet-popup');
  await expect(popup).toContainText('Temperature out of range: 11.0 °C, limit 8 °C');
  await shoot(page, 'map-focus-en-1280');
  await popup.getByRole('link', { name: 'Open the alert' }).click();
  await expect(page).toHaveURL(new RegExp(`/technical/analytics\\?micromarket_id=${fleet.hot.id}&type=1`));

  // The device list shows the same fleet on its map.
  await page.goto('/device/list?map=1');
  await expect(page.getByRole('region', { name: 'Map' })).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // Narrowed by the list's search, its map shows only what the list shows.
  await page.goto(`/device/list?map=1&q=${encodeURIComponent(fleet.hot.name)}`);
  await expect(map.getByRole('button', { name: fleet.hot.name })).toBeVisible();
  await expect(map.getByRole('button', { name: fleet.warm.name })).toHaveCount(0);
  await expect(map.locator('.fleet-cluster')).toHaveCount(0);
  const servedAfter = (await (await request.get(`${tiles}/requests`)).json()).served;
  expect(servedAfter).toBeGreaterThan(servedBefore);
  expect(outside).toEqual([]);
  await fleet.end();
});

test('the alert bell counts unread alerts, lists them and opens one', async ({ page, request, signInAs }) => {
  test.setTimeout(90_000);
  const token = await signInAs('operator');
  const fleet = await warmFleet(request, token);
  await page.goto('/dashboard');
  const bell = page.getByTestId('alert-bell');
  await expect(bell).toHaveAccessibleName(/Alerts, unread: \d+/);
  await bell.click();
  const list = page.getByTestId('alert-bell-list');
  const item = list.getByRole('button', { name: new RegExp(`Temperature out of range · ${fleet.hot.name}`) });
  await expect(item).toContainText('11.0 °C, limit 8 °C');
  await expect(item).toHaveAttribute('data-unread', 'true');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/technical/analytics\\?micromarket_id=${fleet.hot.id}&type=1`));
  await bell.click();
  await expect(list.getByRole('button', { name: new RegExp(fleet.hot.name) })).toHaveAttribute('data-unread', 'false');
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect(list.getByRole('button', { name: new RegExp(fleet.warm.name) })).toHaveAttribute('data-unread', 'false');
  await fleet.end();
});

test.describe('in Polish and on a phone', () => {
  test('the board and the map read in Polish at 1280 and 390 px', async ({
    page,
    request,
    signInAs,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const token = await signInAs('operator');
    const fleet = await warmFleet(request, token);
    await context.addCookies([{ name: COOKIE.locale, value: 'pl', url: baseURL! }]);
    await page.goto('/device/display?show=temperature');
    await expect(page.getByTestId(`display-tile-${fleet.hot.id}`)).toContainText('Temperatura poza zakresem');
    await expect(page.getByTestId(`display-tile-${fleet.hot.id}`)).toContainText('11.0 °C, limit 8 °C');
    await shoot(page, 'board-pl-1280');
    await page.goto('/device/display?show=temperature&view=map');
    await expect(page.getByRole('region', { name: 'Mapa' }).locator('.fleet-cluster').first()).toBeVisible();
    await shoot(page, 'map-pl-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/device/display?show=temperature');
    await expect(page.getByTestId(`display-tile-${fleet.hot.id}`)).toBeVisible();
    await shoot(page, 'board-pl-390');
    await page.goto('/device/display?view=map');
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible();
    await shoot(page, 'map-pl-390');
    await context.addCookies([{ name: COOKIE.locale, value: 'en', url: baseURL! }]);
    await page.goto('/device/display');
    await expect(page.getByTestId('board-counter-temperature')).toContainText('Temperature out of range');
    await shoot(page, 'board-en-390');
    await page.goto('/device/display?view=map');
    await expect(page.getByRole('region', { name: 'Map' })).toBeVisible();
    await shoot(page, 'map-en-390');
    await fleet.end();
  });
});
