import { flattenRoutes, OWNER_USER_ID, type RouteEntry } from '@vitrina/contract';
import { Button } from 'antd';
import { Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { LazyResult } from '../../components/lazy-result';
import { PageSpinner } from '../../components/page-spinner';
import { SCREENS } from '../screens';
import { useSession } from '../session/session-context';
import { useErrorLog } from '../store/error-log';
import type { Tab } from '../tabs/tab-list';

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

/**
 * Every visited tab stays mounted and hidden, each with its own location, so a half-filled
 * filter or an open page survives switching tabs (spec §2: visited tabs keep their state).
 * Tabs restored from an earlier visit mount when first opened, not all at once on load: a
 * reload with ten tabs would otherwise fetch and draw ten screens before the one asked for.
 */
export function TabPanes({ tabs, current }: { tabs: Tab[]; current: Tab }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { routes, me } = useSession();
  const { logError } = useErrorLog();
  const screenRoutes = useScreenRoutes(routes);
  const opened = useRef(new Set<string>()).current;
  opened.add(current.key);
  const listed = tabs.some((tab) => tab.key === current.key) ? tabs : [...tabs, current];
  const shown = listed.filter((tab) => opened.has(tab.key));

  return shown.map((tab) => {
    const isActive = tab.key === current.key;
    const tabLocation: Location | string = isActive ? location : tab.fullPath;
    return (
      <div key={`${tab.key}#${tab.version}`} hidden={!isActive}>
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
            <Routes location={tabLocation}>{screenRoutes}</Routes>
          </Suspense>
        </ErrorBoundary>
      </div>
    );
  });
}
