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

test('only the last five tabs used stay mounted; an older one comes back from its link', async ({ page, signInAs }) => {
  // Issue 25: with every visited screen mounted, a switch among 38 tabs took 1.1–1.9 s.
  await signInAs('admin');
  await page.goto('/user/list?q=Shevchuk');
  const search = page.getByPlaceholder('Search by name, email or phone');
  await expect(search).toHaveValue('Shevchuk');
  const strip = page.getByRole('navigation', { name: 'Open pages' });
  // Inside the panel, as its menu does (a page load would start every tab over).
  const visit = async (path: string, title: string) => {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(strip.getByRole('button', { name: title, exact: true })).toHaveAttribute('aria-current', 'page');
  };
  await visit('/roles/list', 'Roles');
  await visit('/category/list', 'Category list');
  await visit('/certificate/list', 'Certificate list');
  await visit('/push/queue', 'Push queue');
  await visit('/device/list', 'Micromarket list');
  await expect(strip.getByRole('button', { name: 'Users', exact: true })).toBeVisible();
  // Dashboard, users and five more were visited: the five last used are mounted, users is not.
  await expect(page.locator('.panel-content > div')).toHaveCount(5);
  await expect(search).toHaveCount(0);

  await strip.getByRole('button', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/list\?q=Shevchuk$/);
  await expect(search).toHaveValue('Shevchuk');
  await expect(page.getByRole('row').filter({ hasText: 'Iryna Shevchuk' })).toBeVisible();
  await expect(page.locator('.panel-content > div')).toHaveCount(5);
});
