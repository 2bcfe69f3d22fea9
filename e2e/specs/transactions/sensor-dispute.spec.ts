import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { tagCodes, uniqueSuffix } from '../../fixtures/catalogue';
import { connectFridge } from '../../fixtures/fridge';
import { E2E_CUSTOMER } from '../../fixtures/sales';
import { apiLogin, chooseOption, expect, test } from '../../fixtures/session';

type DisputedSale = { id: number; sandwich: string; water: string; waterId: number; tag: string };

/**
 * A door session whose sensors disagree, played by a new RFID fridge in Kyiv (which pays
 * through the test provider): the reader saw the sandwich's tag, the scales saw the sandwich
 * and an untagged water (220 g on shelf 1, 520 g on shelf 2). RFID counts one sandwich, the
 * scales see a water it did not count and 740 g gone for 220 g counted, so the sale waits in
 * manual processing (status 2) instead of being charged.
 */
async function sellWithDisagreeingSensors(request: APIRequestContext): Promise<DisputedSale> {
  const headers = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const call = async <T>(url: string, data?: unknown): Promise<T> => {
    const response =
      data === undefined ? await request.get(url, { headers }) : await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const orgs = await call<{ items: { id: number; name: string }[] }>('/v1/organization/options');
  const kyiv = orgs.items.find((org) => org.name.startsWith('Kyiv'))!;
  await call(`/v1/organization/payment/system/update/${kyiv.id}`, { provider: 'test', simulate: 'none' });
  const suffix = uniqueSuffix();
  const product = (name: string, sell_cost: number, weight_g: number) =>
    call<{ id: number; name: string }>('/v1/product/create', { name, sell_cost, weight_g, org_id: kyiv.id });
  const sandwich = await product(`E2E Sandwich ${suffix}`, 4500, 220);
  const water = await product(`E2E Water ${suffix}`, 2000, 500);
  const [tag] = tagCodes(1) as [string];
  await call('/v1/tag/program', { product_id: sandwich.id, codes: [tag] });
  const serial = `E2E-DISPUTE-${suffix}`;
  const fridge = await call<{ id: number; token: string }>('/v1/device/create', {
    org_id: kyiv.id,
    name: `Dispute fridge ${suffix}`,
    serial_number: serial,
  });
  // RFID counts; the scales report too, so they check it.
  await call(`/v1/device/settings/update/${fridge.id}`, { payment_rfid: true, payment_scales: false });

  const { send, end } = await connectFridge(serial, fridge.token);
  const session = { id: randomUUID(), kind: 'customer', customer_token: E2E_CUSTOMER.cardToken, opened_at: Date.now() };
  await send('door-session', { ...session, state: 'opened' });
  await send('door-session', {
    ...session,
    state: 'closed',
    closed_at: Date.now() + 1_000,
    taken_tags: [tag],
    detections: [
      { product_id: sandwich.id, quantity: 1, source: 'weight', shelf: 1 },
      { product_id: water.id, quantity: 1, source: 'weight', shelf: 2 },
    ],
    weights_before: [2_000, 1_500],
    weights_after: [1_780, 980],
  });
  type List = { items: { id: number; status: number; payment_status: number }[] };
  let id = 0;
  await expect
    .poll(
      async () => {
        const sale = (await call<List>(`/v1/device/transaction/list?micromarket_id=${fridge.id}`)).items[0];
        id = sale?.id ?? 0;
        return sale && { status: sale.status, payment_status: sale.payment_status };
      },
      { timeout: 30_000 },
    )
    .toEqual({ status: 2, payment_status: 0 });
  await end();
  return { id, sandwich: sandwich.name, water: water.name, waterId: water.id, tag };
}

test('a sale whose sensors disagree waits with the numbers on its card; the correction resolves it and the sale is paid', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const sale = await sellWithDisagreeingSensors(request);
  await signInAs('admin');
  await page.goto(`/device/transaction/${sale.id}`);
  await expect(page.getByRole('heading', { name: `Transaction No. ${sale.id}` })).toBeVisible();

  // The warning at the top names each disagreement with its numbers.
  const warning = page.getByRole('alert').filter({ hasText: 'Sensors disagree — not charged; check what was taken' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`${sale.water}: scales saw 1, RFID counted 0`);
  await expect(warning).toContainText(
    'More left the shelves than was counted: shelves lost 740 g, counted items weigh 220 g (tolerance 50 g)',
  );
  await expect(warning).toContainText('Counted by RFID; checked by weight');
  await expect(warning.getByRole('row').filter({ hasText: 'Shelf 2' })).toContainText('520 g');
  await expect(warning.getByRole('row').filter({ hasText: 'Shelf 2' })).toContainText('500 g');
  await expect(page.getByText('Manual processing', { exact: true })).toBeVisible();

  // From the warning to the line editor: RFID missed the untagged water, which the customer took.
  await warning.getByRole('button', { name: 'Correct what was taken' }).click();
  await expect(page.getByRole('button', { name: 'Confirm and settle' })).toBeInViewport();
  await page.getByRole('button', { name: 'Add product' }).click();
  await chooseOption(page, page.getByLabel('Product 2'), sale.water);
  await page.getByRole('button', { name: 'Confirm and settle' }).click();
  await expect(page.getByText('The products were corrected; the payment follows')).toBeVisible();

  // Resolved: a calm note instead of the warning, and the sale is charged for both.
  await expect(
    page.getByRole('alert').filter({ hasText: /^Resolved by Olena Kovalenko on \d{4}-\d{2}-\d{2}/ }),
  ).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(page.getByText('Successful', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-tag', { hasText: /^Paid$/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Charge' })).toContainText('65.00');
  await expect(page.getByRole('row').filter({ hasText: sale.water }).first()).toContainText('Corrected');
  // The evidence keeps what the sensors disagreed about.
  await expect(page.getByText('The sensors disagreed', { exact: true })).toBeVisible();
});

test('an operator sends a resolved dispute to the training dataset with a tag; the dataset lists the door session', async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(90_000);
  const sale = await sellWithDisagreeingSensors(request);
  // An operator counts what was taken (the sandwich and the water RFID missed): the dispute is resolved.
  // The admin plays the operator: the demo operator only views the Kyiv organisation the fridge is in.
  const headers = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  const card = await request.get(`/v1/device/transaction/info/${sale.id}`, { headers });
  const { lines } = (await card.json()) as { lines: { id: number; product_id: number; quantity: number }[] };
  const corrected = await request.post(`/v1/device/transaction/correct/${sale.id}`, {
    headers,
    data: {
      lines: [
        ...lines.map((line) => ({ id: line.id, product_id: line.product_id, quantity: line.quantity })),
        { product_id: sale.waterId, quantity: 1 },
      ],
    },
  });
  expect(corrected.ok(), await corrected.text()).toBe(true);

  await signInAs('admin');
  await page.goto(`/device/transaction/${sale.id}`);
  const note = page.getByRole('alert').filter({ hasText: /^Resolved by Olena Kovalenko on \d{4}-\d{2}-\d{2}/ });
  await expect(note).toBeVisible();

  // Sent with a tag: the note says when, and the button is gone.
  await note.getByRole('button', { name: 'Send to training dataset' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to the training dataset' });
  await chooseOption(page, dialog.getByLabel('Dataset tags'), 'Double purchase');
  // A multiple select keeps its list open over the dialog's buttons: a click beside it closes it.
  await dialog.getByText(/^The door session’s evidence/).click();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('The door session was sent to the training dataset')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(note).toContainText(/Sent to the training dataset on \d{4}-\d{2}-\d{2}/);
  await expect(note.getByRole('button', { name: 'Send to training dataset' })).toHaveCount(0);

  // The dataset screen, filtered to door sessions, lists it with its tag and a download of its evidence.
  await page.goto('/product/dataset');
  await chooseOption(page, page.getByRole('combobox', { name: 'Type' }), 'Door session');
  await expect(page).toHaveURL(/type=session/);
  const name = `sale-${sale.id}-session.json`;
  const tile = page.locator('.dataset-item').filter({ hasText: name });
  await expect(tile).toBeVisible();
  await expect(tile).toContainText('Double purchase');
  const download = tile.getByRole('link', { name: `Download ${name}` });
  await expect(download).toBeVisible();
  const evidence = await request.get((await download.getAttribute('href'))!);
  expect(evidence.ok()).toBe(true);
  const document = (await evidence.json()) as { transaction_id: number; counted_by_operator: { name: string }[] };
  expect(document.transaction_id).toBe(sale.id);
  expect(document.counted_by_operator.map((line) => line.name).sort()).toEqual([sale.sandwich, sale.water].sort());
});
