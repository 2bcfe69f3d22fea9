import { flattenRoutes, OWNER_USER_ID, type RouteEntry } from '@vitrina/contract';
import { Button } from 'antd';
import { memo, type ReactNode, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Location,
  UNSAFE_LocationContext as LocationContext,
  NavigationType,
  parsePath,
  Route,
  UNSAFE_RouteContext as RouteContext,
  Routes,
  useLocation,
} from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { LazyResult } from '../../components/lazy-result';
import { PageSpinner } from '../../components/page-spinner';
import { useSession } from '../../lib/session-context';
import { SCREENS } from '../screens';
import { useErrorLog } from '../store/error-log';
import { MOUNTED_TABS, type Tab, touchRecent } from '../tabs/tab-list';

function useScreenRoutes(routes: readonly RouteEntry[]) {
  return useMemo(
    () =>
      flattenRoutes(routes).map((route) => {
        const Screen = SCREENS[route.path];
        return Screen ? <Route key={route.path} path={route.path} element={<Screen />} /> : null;
      }),
    [routes],
  );
}

type ScreenProps = { location: Location | string; screenRoutes: ReactNode[] };

/** A pane's screens are routed from the top, as the panel's own routes are. */
const PANE_ROUTE = { outlet: null, matches: [], isDataRoute: false };

function toLocation(location: Location | string): Location {
  if (typeof location !== 'string') return location;
  return { pathname: '/', search: '', hash: '', ...parsePath(location), state: null, key: 'default' };
}

/**
 * A tab's screen at its location; it renders again only when that location changes.
 * `<Routes location>` alone is not enough for that: it still reads the router's location and
 * route (and hands its screen new ones) on every navigation, so each switch drew every mounted
 * tab again, hidden ones included. The pane gives its routes a location and a route of its own.
 */
const PaneScreen = memo(function PaneScreen({ location, screenRoutes }: ScreenProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const { logError } = useErrorLog();
  const here = useMemo(() => ({ location: toLocation(location), navigationType: NavigationType.Pop }), [location]);
  return (
    <ErrorBoundary
      onError={(error, info) => me.id === OWNER_USER_ID && logError({ error, info })}
      fallback={(reset) => (
        <LazyResult
          status="error"
          title={t('common.render_failed')}
          extra={<Button onClick={reset}>{t('common.retry')}</Button>}
        />
      )}
    >
      <Suspense fallback={<PageSpinner />}>
        <LocationContext.Provider value={here}>
          <RouteContext.Provider value={PANE_ROUTE}>
            <Routes location={here.location}>{screenRoutes}</Routes>
          </RouteContext.Provider>
        </LocationContext.Provider>
      </Suspense>
    </ErrorBoundary>
  );
});

const isSamePlace = (a: Location, b: Location) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

/**
 * Every visited tab stays in the strip, but only the last few used (MOUNTED_TABS) stay
 * mounted, hidden, each with its own location, so a half-filled filter or an open page
 * survives switching between them (spec §2: visited tabs keep their state); an older tab
 * mounts again from its URL (filters, page, tab) and the query cache when revisited.
 * Tabs restored from an earlier visit mount when first opened, not all at once on load.
 * A switch shows one pane and hides another without drawing either screen again: each keeps
 * the location object it last had while the place is the same.
 */
export function TabPanes({ tabs, current }: { tabs: Tab[]; current: Tab }) {
  const location = useLocation();
  const { routes } = useSession();
  const screenRoutes = useScreenRoutes(routes);
  const listed = tabs.some((tab) => tab.key === current.key) ? tabs : [...tabs, current];
  const recent = useRef<string[]>([]);
  const places = useRef(new Map<string, Location>()).current;
  if (recent.current[0] !== current.key) {
    recent.current = touchRecent(recent.current, current.key, new Set(listed.map((tab) => tab.key)));
  }
  const mounted = new Set(recent.current.slice(0, MOUNTED_TABS));
  for (const key of places.keys()) if (!mounted.has(key)) places.delete(key);
  const kept = places.get(current.key);
  if (!kept || !isSamePlace(kept, location)) places.set(current.key, location);
  // In the strip's order, so a pane keeps its place (and its state) as others come and go.
  return listed
    .filter((tab) => mounted.has(tab.key))
    .map((tab) => (
      <div key={`${tab.key}#${tab.version}`} hidden={tab.key !== current.key}>
        <PaneScreen location={places.get(tab.key) ?? tab.fullPath} screenRoutes={screenRoutes} />
      </div>
    ));
}
