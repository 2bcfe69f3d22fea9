import { expect, test, USERS } from '../../fixtures/session';

test('signs in with the form and lands on the dashboard with its counters', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(`  ${USERS.admin.email}  `);
  await page.getByLabel('Password').fill(USERS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(USERS.admin.name)).toBeVisible();
  await expect(page.getByText('New users')).toBeVisible();
  await expect(page).toHaveTitle('Vitrina - Dashboard');
});

test('shows the server’s message for a wrong password and stays on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(USERS.support.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('validates the email on the client before sending', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('whatever1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
});

test('goes back to the requested page after signing in', async ({ page }) => {
  await page.goto('/roles/list');
  await expect(page).toHaveURL(/\/login\?redirect=%2Froles%2Flist/);
  await page.getByLabel('Email').fill(USERS.admin.email);
  await page.getByLabel('Password').fill(USERS.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/roles\/list$/);
});

test('logs out to /login with the current page as redirect, and the token stops working', async ({
  page,
  signInAs,
  request,
}) => {
  const token = await signInAs('operator');
  await page.goto('/user/list');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Flist/);
  const me = await request.get('/v1/user/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('an expired token shows a message and returns to the login page', async ({ page, signInAs, request }) => {
  const token = await signInAs('support');
  await page.goto('/dashboard');
  await expect(page.getByText(USERS.support.name)).toBeVisible();
  await request.post('/v1/user/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.goto('/user/list');
  await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 15_000 });
});

test('an unknown path shows the 404 page', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('404').first()).toBeVisible();
});
