import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { getToken } from '../lib/cookies';
import { SessionGate } from './session/session-gate';

// The shell (sidebar, menus, tab strip, error log) is a chunk of its own, so the login page
// does not download it; its named export is adapted to what React.lazy expects.
const loadPanelLayout = () => import('./layout/panel-layout').then((module) => ({ default: module.PanelLayout }));
const PanelLayout = lazy(loadPanelLayout);

/** Spec §4: without a token every non-public path goes to login, remembering where it was. */
export function PrivateArea() {
  const location = useLocation();
  if (!getToken()) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  // Fetched while the session gate loads the user, not after it.
  void loadPanelLayout();
  return (
    <SessionGate>
      <Suspense fallback={<PageSpinner isFullScreen />}>
        <PanelLayout />
      </Suspense>
    </SessionGate>
  );
}
