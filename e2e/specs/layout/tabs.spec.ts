import { expect, test } from '../../fixtures/session';

test('visited pages open as tabs with a context menu; the dashboard tab stays', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/dashboard');
  await page.goto('/user/list');
  await expect(page.getByRole('button', { name: 'New user' })).toBeVisible();
  await page.goto('/roles/list');
  await expect(page.getByRole('button', { name: 'New role' })).toBeVisible();

  const strip = page.getByRole('navigation', { name: 'Open pages' });
  await expect(strip.getByRole('button', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Users', exact: true })).toBeVisible();
  await expect(strip.getByRole('button', { name: 'Roles', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close Dashboard' })).toHaveCount(0);

  await strip.getByRole('button', { name: 'Users', exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close Others' }).click();
  await expect(page).toHaveURL(/\/user\/list$/);
  await expect(strip.getByRole('button', { name: 'Roles', exact: true })).toHaveCount(0);
  await expect(strip.getByRole('button', { name: 'Dashboard', exact: true })).toBeVisible();

  await strip.getByRole('button', { name: 'Users', exact: true }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Close All' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(strip.getByRole('button')).toHaveCount(1);
});

test('a tab keeps its state when another tab is visited', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/user/list');
  const search = page.getByPlaceholder('Search by name, email or phone');
  await search.fill('Shevchuk');
  await page
    .getByRole('navigation', { name: 'Open pages' })
    .getByRole('button', { name: 'Dashboard', exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Open pages' })
    .getByRole('button', { name: 'Users', exact: true })
    .click();
  await expect(page.getByPlaceholder('Search by name, email or phone')).toHaveValue('Shevchuk');
});

test('after a reload only the page asked for loads; the other tabs load when opened', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/user/list');
  await expect(page.getByRole('button', { name: 'New user' })).toBeVisible();
  await page.goto('/roles/list');
  await expect(page.getByRole('button', { name: 'New role' })).toBeVisible();

  const userListCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/user/list') userListCalls.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'New role' })).toBeVisible();
  const strip = page.getByRole('navigation', { name: 'Open pages' });
  await expect(strip.getByRole('button', { name: 'Users', exact: true })).toBeVisible();
  expect(userListCalls).toEqual([]);

  await strip.getByRole('button', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('button', { name: 'New user' })).toBeVisible();
  expect(userListCalls.length).toBeGreaterThan(0);
});
