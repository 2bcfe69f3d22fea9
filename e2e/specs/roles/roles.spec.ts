import { expect, test } from '../../fixtures/session';

test('an admin creates a role with permissions by area, then deletes it', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/roles/list');
  await page.getByRole('button', { name: 'New role' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Name').fill('Night auditor');
  await drawer.getByRole('checkbox', { name: 'Select all in Support' }).check();
  await drawer.getByRole('checkbox', { name: 'Dashboard', exact: true }).check();
  await drawer.getByRole('button', { name: 'Create' }).click();
  const row = page.getByRole('row', { name: /Night auditor/ });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Night auditor' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('row', { name: /Night auditor/ })).toHaveCount(0);
});

test('a role in use cannot be deleted and the reason is shown', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/roles/list');
  await page.getByRole('button', { name: 'Delete Courier' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('The role is assigned to 1 user(s) and cannot be deleted')).toBeVisible();
});

test('working as another role narrows the menu until switching back', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Work as role…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('listitem')
    .filter({ hasText: 'Courier' })
    .getByRole('button', { name: 'Work as this role' })
    .click();
  await expect(page.getByText('Working as Courier')).toBeVisible();
  await expect(page.locator('.ant-layout-sider').getByText('Roles', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to my role' }).click();
  await expect(page.getByText('Working as Courier')).toHaveCount(0);
  await expect(page.locator('.ant-layout-sider').getByText('Roles', { exact: true }).first()).toBeVisible();
});
