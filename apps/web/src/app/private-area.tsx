import { Navigate, useLocation } from 'react-router';
import { getToken } from '../lib/cookies';
import { PanelLayout } from './layout/panel-layout';
import { SessionGate } from './session/session-gate';

/** Spec §4: without a token every non-public path goes to login, remembering where it was. */
export function PrivateArea() {
  const location = useLocation();
  if (!getToken()) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return (
    <SessionGate>
      <PanelLayout />
    </SessionGate>
  );
}
