import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from './permissions.js';
import { filterRoutes, flattenRoutes, matchRoute, matchVisibleRoute, ROUTES } from './routes.js';

describe('filterRoutes', () => {
  it('keeps routes the user holds a permission of, and drops sections left empty', () => {
    const visible = filterRoutes(ROUTES, ['show_dashboard_page', 'show_users_groups_page']);
    expect(visible.map((route) => route.path)).toEqual(['/dashboard', '/user']);
    expect(visible[1]!.children!.map((route) => route.path)).toEqual(['/user/group']);
  });

  it('drops routes whose screen is not available', () => {
    const visible = filterRoutes(ROUTES, PERMISSION_NAMES, (route) => route.path === '/roles/list');
    expect(flattenRoutes(visible).map((route) => route.path)).toEqual(['/roles/list']);
  });
});

describe('matchRoute', () => {
  it('prefers static segments over parameters', () => {
    expect(matchRoute(ROUTES, '/device/list')?.title).toBe('device_list');
    expect(matchRoute(ROUTES, '/device/42')?.title).toBe('device');
    expect(matchRoute(ROUTES, '/device/transaction/7')?.title).toBe('transaction');
    expect(matchRoute(ROUTES, '/nowhere')).toBeUndefined();
  });
});

describe('matchVisibleRoute', () => {
  const built = new Set(['/device/list', '/device/device-group', '/device/:id', '/product/list', '/product/:id']);
  const visible = filterRoutes(ROUTES, PERMISSION_NAMES, (route) => built.has(route.path));

  it('never reads a static path as an id, even when its screen is not built or not allowed', () => {
    for (const path of ['/product/order', '/product/planning', '/device/display', '/device/transaction']) {
      expect(matchVisibleRoute(visible, path), path).toBeUndefined();
    }
    const withoutGroups = filterRoutes(ROUTES, ['show_device_page'], (route) => built.has(route.path));
    expect(matchVisibleRoute(withoutGroups, '/device/device-group')).toBeUndefined();
  });

  it('matches the static screens and the cards', () => {
    expect(matchVisibleRoute(visible, '/device/list')?.path).toBe('/device/list');
    expect(matchVisibleRoute(visible, '/device/device-group')?.path).toBe('/device/device-group');
    expect(matchVisibleRoute(visible, '/device/12')?.path).toBe('/device/:id');
    expect(matchVisibleRoute(visible, '/product/7')?.path).toBe('/product/:id');
  });
});

describe('the route table', () => {
  it('names only permissions of the catalogue', () => {
    const used = flattenRoutes(ROUTES).flatMap((route) => route.permissions ?? []);
    expect(used.filter((permission) => !PERMISSION_NAMES.includes(permission))).toEqual([]);
  });

  it('has unique paths', () => {
    const paths = flattenRoutes(ROUTES).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
