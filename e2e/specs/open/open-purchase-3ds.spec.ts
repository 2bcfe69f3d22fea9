import { uniqueSuffix } from '../../fixtures/catalogue';
import { connectFridge } from '../../fixtures/fridge';
import { apiLogin, expect, test } from '../../fixtures/session';

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
  const token = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const orgs = await (await request.get('/v1/organization/options', { headers })).json();
  const kyiv = (orgs.items as { id: number; name: string }[]).find((org) => org.name.startsWith('Kyiv'))!;
  await post(`/v1/organization/payment/system/update/${kyiv.id}`, { provider: 'test', simulate: 'none' });
  const suffix = uniqueSuffix();
  const product = await post<{ id: number }>('/v1/product/create', {
    name: `3DS sandwich ${suffix}`,
    sell_cost: 4500,
    org_id: kyiv.id,
  });
  const serial = `E2E-3DS-${suffix}`;
  const micromarket = await post<{ id: number; token: string }>('/v1/device/create', {
    org_id: kyiv.id,
    name: `3DS fridge ${suffix}`,
    serial_number: serial,
    subscription_price: 0,
  });
  await post(`/v1/device/settings/update/${micromarket.id}`, { payment_rfid: false, payment_scales: true });
  await post(`/v1/device/shelf/create/${micromarket.id}`, { number: 1, product_ids: [product.id] });
  const link = await post<{ url: string }>(`/v1/device/open-link/${micromarket.id}`, { kind: 'customer' });

  const fridge = await connectFridge(serial, micromarket.token);
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
