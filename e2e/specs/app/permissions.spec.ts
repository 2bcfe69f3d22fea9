import { apiLogin, expect, signIn, test } from '../../fixtures/session';

test('two roles see different menus', async ({ page, signInAs, browser, request, baseURL }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  const menu = page.locator('.ant-layout-sider');
  await expect(menu.getByText('Roles', { exact: true }).first()).toBeVisible();
  await expect(menu.getByText('Users', { exact: true }).first()).toBeVisible();

  // The courier in a browser of their own, as two people at two desks would be.
  const courierContext = await browser.newContext({ baseURL });
  await signIn(courierContext, request, 'courier', baseURL!);
  const courierPage = await courierContext.newPage();
  await courierPage.goto('/dashboard');
  await expect(courierPage.getByText('Andrii Bondar')).toBeVisible();
  await expect(courierPage.locator('.ant-layout-sider').getByText('Roles', { exact: true })).toHaveCount(0);
  await expect(courierPage.locator('.ant-layout-sider').getByText('Users', { exact: true })).toHaveCount(0);
  await courierContext.close();
});

test('a route without the permission is not reachable', async ({ page, signInAs }) => {
  await signInAs('courier');
  await page.goto('/user/list');
  await expect(page).not.toHaveURL(/\/user\/list/);
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
});

test('a user without the dashboard lands on the first page they may open', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${admin}` };
  const role = await request.post('/v1/role/create', {
    headers,
    data: { name: 'Roles clerk', permissions: ['show_users_roles_page'] },
  });
  await request.post('/v1/user/create', {
    headers,
    data: {
      name: 'Roles Clerk',
      email: 'roles.clerk@vitrina.local',
      org_id: 1,
      role_id: (await role.json()).id,
      password: 'clerk-1234',
    },
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill('roles.clerk@vitrina.local');
  await page.getByLabel('Password').fill('clerk-1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/roles\/list$/);
  await expect(page.getByRole('button', { name: 'New role' })).toHaveCount(0);
});
