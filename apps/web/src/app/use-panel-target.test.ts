import { filterRoutes, PERMISSION_NAMES, ROUTES } from '@vitrina/contract';
import { describe, expect, it } from 'vitest';
import { hasScreen } from './screens';
import { resolvePanelTarget } from './use-panel-target';

const routes = filterRoutes(ROUTES, PERMISSION_NAMES, (route) => hasScreen(route.path));
const target = (pathname: string) => resolvePanelTarget({ pathname, search: '', routes });

describe('resolvePanelTarget', () => {
  it('opens a static path’s own screen, never the card of the same section', () => {
    expect(target('/device/list')).toMatchObject({ kind: 'screen', route: { path: '/device/list' } });
    expect(target('/device/device-group')).toMatchObject({ kind: 'screen', route: { path: '/device/device-group' } });
    expect(target('/device/display')).toMatchObject({ kind: 'screen', route: { path: '/device/display' } });
    expect(target('/device/15')).toMatchObject({ kind: 'screen', route: { path: '/device/:id' } });
    expect(target('/device/transaction/7')).toMatchObject({
      kind: 'screen',
      route: { path: '/device/transaction/:id' },
    });
  });

  it('never opens a static path the caller cannot open as the section’s card', () => {
    // Routes without the product section's orders and planning (the caller may not open them).
    const hidden = ['/product/order', '/product/planning'];
    const partial = filterRoutes(
      ROUTES,
      PERMISSION_NAMES,
      (route) => hasScreen(route.path) && !hidden.includes(route.path),
    );
    for (const pathname of hidden) {
      expect(resolvePanelTarget({ pathname, search: '', routes: partial }), pathname).toEqual({
        kind: 'redirect',
        to: '/401',
      });
    }
    expect(target('/product/order')).toMatchObject({ kind: 'screen', route: { path: '/product/order' } });
    expect(target('/product/42')).toMatchObject({ kind: 'screen', route: { path: '/product/:id' } });
  });
});
