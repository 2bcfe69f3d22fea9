import { expect, test } from '../../fixtures/session';

test('switching the locale changes the text and the Lang header of the next calls', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/user/list');
  await expect(page.getByRole('button', { name: 'New user' })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  const langHeader = page.waitForRequest(
    (request) => request.url().includes('/v1/') && request.headers().lang === 'pl',
  );
  await page.getByRole('menuitem', { name: 'Polski' }).click();
  await expect(page.getByRole('button', { name: 'Nowy użytkownik' })).toBeVisible();
  await page.reload();
  expect((await langHeader).headers().lang).toBe('pl');
  await expect(page.getByRole('button', { name: 'Nowy użytkownik' })).toBeVisible();
});
