import {
  DEFAULT_PAGE_PATHS,
  flattenRoutes,
  matchRoute,
  matchVisibleRoute,
  ROUTES,
  type RouteEntry,
} from '@vitrina/contract';
import { getDefaultPageCookie } from '../lib/cookies';
import { isDefaultPage } from '../lib/landing';
import { hasScreen } from './screens';

export type PanelTarget = { kind: 'screen'; route: RouteEntry } | { kind: 'redirect'; to: string };

const firstOpenable = (routes: readonly RouteEntry[]) => flattenRoutes(routes).find((route) => !route.hidden);

/** Decides what a private path shows: a screen, or where to send the user instead (spec §2, §4). */
export function resolvePanelTarget(options: { pathname: string; search: string; routes: RouteEntry[] }): PanelTarget {
  const { pathname, search, routes } = options;
  if (pathname === '/' || pathname === '') {
    const target = matchRoute(routes, '/dashboard') ?? firstOpenable(routes);
    return { kind: 'redirect', to: target?.path ?? '/401' };
  }
  if (pathname.startsWith('/redirect/')) {
    return { kind: 'redirect', to: `${pathname.slice('/redirect'.length)}${search}` };
  }
  // Against the whole table first: `/product/order` without its screen is not product 'order'.
  const route = matchVisibleRoute(routes, pathname);
  if (route) return { kind: 'screen', route };
  const known = matchRoute(ROUTES, pathname);
  if (known && hasScreen(known.path)) return { kind: 'redirect', to: '/401' };
  const saved = getDefaultPageCookie();
  const savedPath = isDefaultPage(saved) ? DEFAULT_PAGE_PATHS[saved] : undefined;
  if (savedPath && savedPath !== pathname && matchVisibleRoute(routes, savedPath))
    return { kind: 'redirect', to: savedPath };
  return { kind: 'redirect', to: '/404' };
}
