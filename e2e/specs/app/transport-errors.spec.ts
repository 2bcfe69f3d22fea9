import { COOKIE } from '@vitrina/contract';
import { expect, test } from '../../fixtures/session';

/** §8/§9: what the panel says when a call gets no answer, or the session check a server error. */

test('a server error in the session check asks for a new sign-in and goes to login', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.route('**/v1/user/me', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  );
  await page.goto('/roles/list');
  await expect(page.getByText('An error occurred on the server, you need to re-authorize')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Froles%2Flist/);
  // Re-login is forced: the token is gone.
  expect((await page.context().cookies()).some((cookie) => cookie.name === COOKIE.token)).toBe(false);
});

test('a call that cannot reach the server says so in the interface language', async ({ page, signInAs, baseURL }) => {
  await signInAs('admin');
  await page.context().addCookies([{ name: COOKIE.locale, value: 'ua', url: baseURL! }]);
  await page.route('**/v1/user/list**', (route) => route.abort('internetdisconnected'));
  await page.goto('/user/list');
  await expect(
    page.getByText('Немає зʼєднання із сервером. Перевірте інтернет і спробуйте ще раз').first(),
  ).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
});
