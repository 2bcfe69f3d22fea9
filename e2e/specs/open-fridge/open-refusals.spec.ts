import { uniqueSuffix } from '../../fixtures/catalogue';
import { apiLogin, expect, test } from '../../fixtures/session';

/** §8: a deactivated micromarket's links say "unknown micromarket identifier", on both pages. */
test('a deactivated fridge’s open-by-link pages name §8’s unknown micromarket identifier', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, 'operator');
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(url, { headers, data });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const suffix = uniqueSuffix();
  const micromarket = await post<{ id: number }>('/v1/device/create', {
    name: `Retired fridge ${suffix}`,
    serial_number: `E2E-RETIRED-${suffix}`,
    address: 'Sadova 9',
  });
  const customer = await post<{ url: string }>(`/v1/device/open-link/${micromarket.id}`, { kind: 'customer' });
  const courier = await post<{ url: string }>(`/v1/device/open-link/${micromarket.id}`, { kind: 'courier' });
  await post(`/v1/device/update/${micromarket.id}`, { active: false });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.goto(customer.url);
  await expect(page.getByRole('heading', { name: 'Open the micromarket' })).toBeVisible();
  await expect(page.getByText('Unknown micromarket identifier')).toBeVisible();
  await expect(page.getByText('cannot be opened by link yet')).toHaveCount(0);

  await page.goto(courier.url);
  await expect(page.getByRole('heading', { name: 'Courier: open the micromarket' })).toBeVisible();
  await expect(page.getByText('Unknown micromarket identifier')).toBeVisible();
  await phone.close();
});
