import type { APIRequestContext } from '@playwright/test';
import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, chooseOption, expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

type Micromarket = { id: number; name: string; serial_number: string };
type StockItem = { id: number; code: string };

async function fridgeBySerial(request: APIRequestContext, token: string, serial: string): Promise<Micromarket> {
  const response = await request.get(`/v1/device/list?q=${serial}`, { headers: { authorization: `Bearer ${token}` } });
  const items = ((await response.json()) as { items: Micromarket[] }).items;
  return items.find((item) => item.serial_number === serial)!;
}

test('an operator sees what is on sale in a fridge, writes a tag off and finds it under Written off', async ({
  page,
  request,
  signInAs,
}) => {
  const token = await signInAs('operator');
  const fridge = await fridgeBySerial(request, token, 'E2E-1002');
  await page.goto('/device/list');
  await page.getByRole('button', { name: `Actions for ${fridge.name}` }).click();
  await page.getByRole('menuitem', { name: 'Products on sale' }).click();

  const card = new MicromarketCard(page);
  await card.expectAt(fridge.id, 'on_sale');
  await card.expectSelectedTab('Products on sale');
  const firstRow = page.getByRole('row').filter({ hasText: 'E2E Water 500 ml' }).first();
  await expect(firstRow).toContainText('UAH 25.00');

  // An operator writes one of them off on the tag screen; the card shows it with the reason.
  const headers = { authorization: `Bearer ${await apiLogin(request, 'operator')}` };
  const stock = (await (await request.get(`/v1/device/stock/${fridge.id}?per_page=1`, { headers })).json()) as {
    items: StockItem[];
  };
  const tag = stock.items[0]!;
  const reason = `Crushed box ${uniqueSuffix()}`;
  const writeOff = await request.post('/v1/tag/write-off', { headers, data: { ids: [tag.id], reason } });
  expect(writeOff.ok()).toBe(true);

  await card.goToTab('Written off');
  await expect(page).toHaveURL(/tab=written_off/);
  const row = page.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(tag.code);
  await expect(row).toContainText('E2E Water 500 ml');
  // Written off elsewhere (no live event for tags): the card shows it once reloaded.
  await card.goToTab('Products on sale');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'E2E Water 500 ml' }).first()).toBeVisible();
  await expect(page.getByText(tag.code)).toBeHidden();
});

test('the list opens the tag screen filtered by the micromarket', async ({ page, request, signInAs }) => {
  const token = await signInAs('operator');
  const fridge = await fridgeBySerial(request, token, 'E2E-1001');
  await page.goto('/device/list');
  await page.getByRole('button', { name: `Actions for ${fridge.name}` }).click();
  await page.getByRole('menuitem', { name: 'Tags', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/product/tags\\?micromarket_id=${fridge.id}&status=in_micromarket$`));
  await expect(page.getByRole('tab', { name: /In micromarket/, selected: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'E2E Fridge North' }).first()).toBeVisible();
});

test('an operator changes a threshold of an organisation and sees it saved, with the contract’s message for a bad value', async ({
  page,
  signInAs,
}) => {
  await signInAs('operator');
  await page.goto('/technical/thresholds');
  await expect(page.getByRole('heading', { name: 'Fleet thresholds' })).toBeVisible();
  // Krakow: an organisation the operator may edit, and one no other spec's fridge belongs to.
  await chooseOption(page, page.getByLabel('Organization'), 'Krakow Franchise');
  await expect(page).toHaveURL(/org_id=\d+/);

  const door = page.getByLabel('Door did not open after');
  await door.fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter whole seconds from 5 to 600')).toBeVisible();

  const grams = String(60 + Math.floor(Math.random() * 900));
  await door.fill('45');
  await page.getByLabel('Weight tolerance').fill(grams);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Weight tolerance')).toHaveValue(grams);
  await expect(page.getByLabel('Door did not open after')).toHaveValue('45');
  await expect(page.getByText('Set by the organisation')).toBeVisible();

  // A view-only organisation shows its thresholds without a way to change them.
  await chooseOption(page, page.getByLabel('Organization'), 'Kyiv Office Markets');
  await expect(page.getByText('You can see these thresholds but not change them.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
});

test('an operator filters the history of a fridge by event and text, and the filter stays in the link', async ({
  page,
  request,
  signInAs,
}) => {
  const token = await signInAs('operator');
  const fridge = await fridgeBySerial(request, token, 'E2E-1001');
  const card = new MicromarketCard(page);
  await card.open(fridge.id, 'history');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // The simulated fridge connects when the server starts: that is in its history.
  await expect(rows.filter({ hasText: 'Connected' }).first()).toBeVisible({ timeout: 30_000 });

  await chooseOption(page, page.getByLabel('Event'), 'Connected');
  await expect(page).toHaveURL(/kind=connected/);
  await expect(rows.first()).toContainText('Connected');
  const kinds = await rows.locator('td:nth-child(2)').allTextContents();
  expect(kinds.every((kind) => kind === 'Connected')).toBe(true);

  await page.reload();
  await card.expectSelectedTab('History');
  await expect(rows.first()).toContainText('Connected');

  const search = page.getByRole('searchbox', { name: 'Who or details' });
  await search.fill('nobody-acted-like-this');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=nobody-acted-like-this/);
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();

  // Another tab starts without the history's filters.
  await card.goToTab('Written off');
  await card.expectAt(fridge.id, 'written_off');
});
