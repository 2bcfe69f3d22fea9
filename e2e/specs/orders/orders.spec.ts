import { apiAs, demoMainOrg, uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, chooseOption, expect, signIn, test } from '../../fixtures/session';

/**
 * Orders: the operator takes an order for a customer at a micromarket that takes
 * orders, takes the payment from the customer's saved card and prepares it; the courier, on
 * a phone, takes it out and hands it over, and the operator sees its history.
 */
test('an order taken by the operator is paid, prepared and delivered by the courier on a phone', async ({
  page,
  browser,
  request,
  signInAs,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const post = await apiAs(request, 'admin');
  const main = await demoMainOrg(request);
  const admin = { authorization: `Bearer ${await apiLogin(request, 'admin')}` };
  await post(`/v1/organization/payment/system/update/${main.id}`, { provider: 'test', simulate: 'none' });
  const suffix = uniqueSuffix();
  const productName = `Order salad ${suffix}`;
  await post('/v1/product/create', { name: productName, sell_cost: 4500, org_id: main.id });
  const marketName = `Orders fridge ${suffix}`;
  const market = await post<{ id: number }>('/v1/device/create', {
    org_id: main.id,
    name: marketName,
    address: 'Khreshchatyk 22',
    serial_number: `E2E-ORD-${suffix}`,
  });
  await post(`/v1/device/settings/update/${market.id}`, { available_for_orders: true, order_payment_mode: 'prepay' });
  const customers = (await (await request.get(`/v1/order/customers/${market.id}`, { headers: admin })).json()) as {
    items: { name: string }[];
  };
  const customer = customers.items[0]!.name;

  await signInAs('operator');
  await page.goto('/product/order');
  await page.getByRole('button', { name: 'New order' }).click();
  const drawer = page.getByRole('dialog', { name: 'New order' });
  await chooseOption(page, drawer.getByLabel('Micromarket'), marketName);
  await expect(drawer.getByText('Payment mode: Paid in advance')).toBeVisible();
  await chooseOption(page, drawer.getByLabel('Customer'), customer);
  await chooseOption(page, drawer.getByLabel('Product 1'), productName);
  await drawer.getByLabel('Quantity 1').fill('2');
  await expect(drawer.getByTestId('order-total')).toContainText('90.00');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: customer }).filter({ hasText: marketName });
  await expect(row).toContainText('New');
  await row.getByRole('link', { name: /^No\. \d+$/ }).click();
  const card = page.getByRole('dialog', { name: /^Order No\. \d+$/ });
  const title = (await card.getByText(/^Order No\. \d+$/).textContent())!;
  await card.getByRole('button', { name: 'Take payment' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Take payment' }).click();
  await expect(card.getByText('Paid', { exact: true }).first()).toBeVisible();
  await card.getByRole('button', { name: 'Prepare' }).click();
  await expect(card.getByText('Preparing for dispatch').first()).toBeVisible();

  // The courier's phone: the prepared order is there to take out, then to hand over.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await signIn(phone, request, 'courier', baseURL!);
  const courierPage = await phone.newPage();
  await courierPage.goto('/courier/fridge/orders');
  const delivery = courierPage.getByRole('article').or(courierPage.locator('.ant-card')).filter({ hasText: title });
  await expect(delivery).toContainText(productName);
  await expect(delivery).toContainText('Khreshchatyk 22');
  await delivery.getByRole('button', { name: 'Take out' }).click();
  await expect(delivery).toContainText('On the way');
  await delivery.getByRole('button', { name: 'Delivered' }).click();
  await expect(delivery).toHaveCount(0);
  await courierPage.getByRole('switch', { name: 'Show delivered' }).click();
  await expect(delivery).toContainText('Delivered');
  await phone.close();

  await page.reload();
  await page.getByRole('row').filter({ hasText: customer }).filter({ hasText: marketName }).getByRole('link').click();
  const history = page.getByRole('dialog', { name: title });
  await expect(history).toContainText('Andrii Bondar');
  await history.getByRole('button', { name: 'Received' }).click();
  await expect(history.getByText('Received').first()).toBeVisible();
});
