import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

const categoryList = lazy(() => import('../features/categories/screens/category-list'));
const devices = () => import('../features/devices');

/**
 * The screens built into this release, by route path of the contract's table.
 * A route without an entry here is left out of the menu and the router.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard': lazy(() => import('../features/dashboard/screens/dashboard')),
  '/user/list': lazy(() => import('../features/users/screens/user-list')),
  '/roles/list': lazy(() => import('../features/roles/screens/role-list')),
  '/category/list': categoryList,
  '/category/list/second/:id': categoryList,
  '/category/list/third/:id': categoryList,
  '/product/makers': lazy(() => import('../features/makers/screens/maker-list')),
  '/product/list': lazy(() => import('../features/products/screens/product-list')),
  '/product/rating': lazy(() => import('../features/products/screens/product-rating')),
  '/product/tags': lazy(() => import('../features/tags/screens/tag-list')),
  '/product/programmer': lazy(() => import('../features/tags/screens/tag-programmer')),
  '/product/storage': lazy(() => import('../features/tags/screens/storage-list')),
  '/product/dataset': lazy(() => import('../features/dataset/screens/dataset-list')),
  '/product/:id': lazy(() => import('../features/products/screens/product-card')),
  '/device/list': lazy(() => devices().then((m) => ({ default: m.DeviceListScreen }))),
  '/device/device-group': lazy(() =>
    import('../features/device-groups').then((m) => ({ default: m.DeviceGroupListScreen })),
  ),
  '/device/:id': lazy(() => devices().then((m) => ({ default: m.DeviceCardScreen }))),
};

export const hasScreen = (path: string): boolean => Object.hasOwn(SCREENS, path);
