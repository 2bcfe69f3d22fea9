import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The screens built into this release, by route path of the contract's table.
 * A route without an entry here is left out of the menu and the router.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazy(() => import('../features/dashboard/screens/dashboard')),
  '/user/list': lazy(() => import('../features/users/screens/user-list')),
  '/roles/list': lazy(() => import('../features/roles/screens/role-list')),
};

export const hasScreen = (path: string): boolean => Object.hasOwn(SCREENS, path);
