import { expect, test } from '../../fixtures/session';

test('two roles see different menus', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation').or(page.locator('.ant-layout-sider'));
  await expect(menu.getByText('Roles', { exact: true }).first()).toBeVisible();
  await expect(menu.getByText('Users', { exact: true }).first()).toBeVisible();

  await page.context().clearCookies();
  await signInAs('courier');
  await page.goto('/dashboard');
  await expect(page.getByText('Andrii Bondar')).toBeVisible();
  await expect(page.locator('.ant-layout-sider').getByText('Roles', { exact: true })).toHaveCount(0);
  await expect(page.locator('.ant-layout-sider').getByText('Users', { exact: true })).toHaveCount(0);
});

test('a route without the permission is not reachable', async ({ page, signInAs }) => {
  await signInAs('courier');
  await page.goto('/user/list');
  await expect(page).not.toHaveURL(/\/user\/list/);
  await expect(page.getByRole('button', { name: 'New user' })).toHaveCount(0);
});
