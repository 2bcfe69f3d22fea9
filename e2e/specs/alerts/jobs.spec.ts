import { expect, test } from '../../fixtures/session';

test('the platform admin follows the background jobs: a reset mail is queued and done', async ({
  page,
  request,
  signInAs,
}) => {
  // A reset request queues a mail job, whatever the email.
  const response = await request.post('/v1/user/new/password', {
    data: { email: `jobs-${Date.now()}@vitrina.local` },
  });
  expect(response.status()).toBe(200);

  await signInAs('admin');
  await page.goto('/technical/jobs');
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByTitle('auth.reset-mail').click();
  await expect(page).toHaveURL(/kind=auth.reset-mail/);
  await page.getByRole('tab', { name: /Done/ }).click();
  await expect(page.getByRole('cell', { name: 'auth.reset-mail' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'auth.reset-mail' }).first()).toContainText('Done');
});

test('an organisation operator has no jobs page', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/technical/jobs');
  await expect(page.getByRole('heading', { name: 'Background jobs' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Background jobs' })).toHaveCount(0);
});
