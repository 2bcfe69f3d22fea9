import { uniqueSuffix } from '../../fixtures/catalogue';
import { connectFridge } from '../../fixtures/fridge';
import { apiLogin, expect, test } from '../../fixtures/session';

/**
 * Issue 8: the customer open-fridge page is a web purchase. A refusal of §8 is shown on the
 * page; a test card, saved by the test provider's card form (issue 24), holds and queues the
 * opening; a declined one is refused and the next card is saved anew.
 */
test('a customer link shows the refusal, then takes a test card and queues the opening', async ({
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
    name: `Web sandwich ${suffix}`,
    sell_cost: 4500,
    org_id: kyiv.id,
  });
  const serial = `E2E-WEB-${suffix}`;
  const name = `Web fridge ${suffix}`;
  // The platform prices this one out of the subscription, so §8's unpaid-subscription reason stays out of the way.
  const micromarket = await post<{ id: number; token: string }>('/v1/device/create', {
    org_id: kyiv.id,
    name,
    serial_number: serial,
    subscription_price: 0,
  });
  await post(`/v1/device/settings/update/${micromarket.id}`, { payment_rfid: false, payment_scales: true });
  await post(`/v1/device/shelf/create/${micromarket.id}`, { number: 1, product_ids: [product.id] });
  const link = await post<{ url: string }>(`/v1/device/open-link/${micromarket.id}`, { kind: 'customer' });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  // No fridge connected yet: §8's "no ping/connection" before the form.
  await page.goto(link.url);
  await expect(page.getByRole('heading', { name: 'Open the micromarket' })).toBeVisible();
  await expect(page.getByText('No ping/connection')).toBeVisible();

  const fridge = await connectFridge(serial, micromarket.token);
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
