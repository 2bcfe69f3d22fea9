import { expect, test } from '../../fixtures/session';

test('the error log collects client errors for user 1 only and can be cleared', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  await expect(page.getByText('Olena Kovalenko')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Error Log' })).toHaveCount(0);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Scale driver exploded');
    });
  });
  await page.getByRole('button', { name: 'Error Log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error Log' });
  await expect(dialog.getByRole('columnheader', { name: 'Message' })).toBeVisible();
  await expect(dialog.getByRole('columnheader', { name: 'Stack' })).toBeVisible();
  await expect(dialog.getByText('Scale driver exploded', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Clear All' }).click();
  await expect(page.getByRole('button', { name: 'Error Log' })).toHaveCount(0);
});

test('other users never see the error log', async ({ page, signInAs }) => {
  await signInAs('operator');
  await page.goto('/dashboard');
  await expect(page.getByText('Taras Melnyk')).toBeVisible();
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('Not for operators');
    });
  });
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: 'Error Log' })).toHaveCount(0);
});

test('Refresh in the tab menu reloads the page in place and keeps the tab', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/roles/list');
  await expect(page.getByRole('button', { name: 'New role' })).toBeVisible();
  const strip = page.getByRole('navigation', { name: 'Open pages' });
  const reloaded = page.waitForRequest((request) => request.url().endsWith('/v1/role/list'));
  await strip.getByRole('button', { name: 'Roles', exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/roles\/list$/);
  await expect(strip.getByRole('button', { name: 'Roles', exact: true })).toBeVisible();
});

test('the footer links to the Terms of Service', async ({ page, signInAs }) => {
  await signInAs('support');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is closed by default, opens from the top bar and closes after choosing a page', async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    await page.goto('/dashboard');
    const menuItem = page.getByRole('menuitem', { name: 'Roles' });
    await expect(menuItem).toBeHidden();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await menuItem.click();
    await expect(page).toHaveURL(/\/roles\/list$/);
    await expect(menuItem).toBeHidden();
    await expect(page.getByRole('button', { name: 'New role' })).toBeVisible();
  });
});

test('a collapsed sidebar stays collapsed after a reload', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  const sider = page.locator('.ant-layout-sider');
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await page.reload();
  await expect(page.getByText('Olena Kovalenko')).toBeVisible();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
});
