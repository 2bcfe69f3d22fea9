import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';

test('a refused customer opening shows in the error analytics, down to its row, and filters by micromarket', async ({
  page,
  request,
  signInAs,
}) => {
  const token = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const orgs = await (await request.get('/v1/organization/options', { headers })).json();
  const kyiv = (orgs.items as { id: number; name: string }[]).find((org) => org.name.startsWith('Kyiv'))!;
  const name = `Refusing fridge ${uniqueSuffix()}`;
  const micromarket = await post<{ id: number }>('/v1/device/create', {
    org_id: kyiv.id,
    name,
    serial_number: `E2E-ERR-${uniqueSuffix()}`,
    subscription_price: 0,
  });
  const link = await post<{ url: string }>(`/v1/device/open-link/${micromarket.id}`, { kind: 'customer' });
  const linkToken = new URL(link.url).pathname.split('/').pop();
  // Never connected: §8's "no ping/connection" refuses the customer, and the refusal is kept.
  const refused = await request.post(`/v1/open/fridge/${linkToken}`, {
    data: { name: 'Olena', phone: '+380501112233' },
  });
  expect(refused.status()).toBe(409);

  await signInAs('admin');
  await page.goto('/error/analytics');
  const byMicromarket = page.locator('.panel-card', { hasText: 'By micromarket' });
  await byMicromarket.getByRole('button', { name: `Only ${name}` }).click();
  await expect(page.getByText(`Micromarket: ${name}`)).toBeVisible();
  await expect(page.getByTestId('error-total-refusal')).toHaveText('1');
  await expect(page.getByTestId('error-total-payment')).toHaveText('0');

  await page.getByRole('button', { name: 'Show the 1 rows of No ping/connection' }).click();
  const drawer = page.getByRole('dialog', { name: 'Payment rejections: No ping/connection' });
  await expect(drawer.getByRole('cell', { name })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: /^Kyiv/ })).toBeVisible();
  // The guest's page refused someone the panel cannot name.
  await expect(drawer.getByRole('cell', { name: 'Guest' })).toBeVisible();
});
