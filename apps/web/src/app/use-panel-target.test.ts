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

  it('sends a static path without a screen in this build to 404, not to the card', () => {
    for (const pathname of ['/product/order', '/product/planning']) {
      expect(target(pathname), pathname).toEqual({ kind: 'redirect', to: '/404' });
    }
  });
});
