import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';
import { MicromarketCard } from '../../pages/micromarket-card';

test('an operator hands a courier a one-time link; the courier opens the door by it once', async ({
  page,
  browser,
  request,
  signInAs,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const suffix = uniqueSuffix();
  const name = `Open link fridge ${suffix}`;
  const admin = await apiLogin(request, 'operator');
  const created = await request.post('/v1/device/create', {
    headers: { authorization: `Bearer ${admin}` },
    data: { name, serial_number: `E2E-OPEN-${suffix}`, address: 'Sadova 5' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const micromarket = await created.json();

  await signInAs('operator');
  const card = new MicromarketCard(page);
  await card.open(micromarket.id, 'open_links');
  await expect(card.tab('Open links')).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Create link' }).click();
  const qr = page.getByRole('dialog', { name: 'QR code' });
  await expect(qr.getByTestId('open-link-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const url = (await qr.getByTestId('open-link-url').textContent())?.trim() ?? '';
  expect(url).toMatch(new RegExp(`^${baseURL}/notauth/courier/open/fridge/[0-9a-f-]{36}$`));
  await qr.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('cell', { name: 'Courier' })).toBeVisible();

  // The courier's phone: no session, no panel.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const courierPage = await phone.newPage();
  await courierPage.goto(url);
  await expect(courierPage.getByRole('heading', { name: 'Courier: open the micromarket' })).toBeVisible();
  await expect(courierPage.getByText(`${name} · Sadova 5`)).toBeVisible();
  await courierPage.getByRole('button', { name: 'Open the door' }).click();
  await expect(courierPage.getByText('You have not filled in all required fields')).toBeVisible();
  await courierPage.getByLabel('Name *').fill('Andrii');
  await courierPage.getByLabel('Phone *').fill('+380501112233');
  await courierPage.getByRole('button', { name: 'Add shelf' }).click();
  await courierPage.getByRole('spinbutton', { name: 'Shelf 1' }).fill('1500');
  await courierPage.getByLabel('Number of items').fill('4');
  await courierPage.getByRole('button', { name: 'Open the door' }).click();
  await expect(courierPage.getByText('The door will be opened shortly')).toBeVisible();
  // No device is connected in this run: the command waits in the queue.
  await expect(courierPage.getByTestId('open-progress')).toContainText('Waiting for the micromarket');

  // The link was for one opening.
  await courierPage.reload();
  await expect(courierPage.getByText('This link is invalid, has expired or has already been used')).toBeVisible();
  await phone.close();

  await page.reload();
  await expect(page.getByText('No working links')).toBeVisible();
});
