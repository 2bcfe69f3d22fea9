import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_MESSAGE_DURATION_S, filterRoutes, ROUTES } from '@vitrina/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { callEndpoint } from '../../lib/api-client';
import { clearDefaultPageCookie, clearToken, setDefaultPageCookie, setToken } from '../../lib/cookies';
import { endpointKey, endpointQuery } from '../../lib/endpoint-query';
import { useResolveLanding } from '../../lib/landing';
import { getMessage } from '../../lib/notify';
import { PermissionsContext } from '../../lib/permissions';
import { SessionContext, type SessionValue } from '../../lib/session-context';
import { sessionFailureText } from '../../lib/session-failure';
import { hasScreen } from '../screens';
import { useTabs } from '../tabs/tabs-store';
import { LOGOUT, ME } from './session-endpoints';

const loginPath = (path: string) => `/login?redirect=${encodeURIComponent(path)}`;

const ME_KEY = endpointKey(ME);

/** Silent: the gate reports the failure itself and sends the user to login. Loaded once per token. */
const meQuery = () => ({
  ...endpointQuery(ME, undefined, { isSilent: true }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Spec §4: with a token but no user loaded, fetch the user, build the routes, then render. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reset: resetTabs } = useTabs();
  const resolveLanding = useResolveLanding();
  const meResult = useQuery(meQuery());
  const me = meResult.data;
  const isBroken = meResult.isError || (meResult.isSuccess && !me?.name);
  const currentPath = location.pathname + location.search;
  // Read when called, not dependencies (react-router's navigate changes with the path): the
  // session value, and every screen reading it, stays the same object while the user moves
  // between pages and tabs, so a switch does not draw every mounted tab again.
  const latest = useRef({ currentPath, navigate });
  latest.current = { currentPath, navigate };

  useEffect(() => {
    if (!isBroken) return;
    const text = sessionFailureText(t, meResult.error);
    clearToken();
    queryClient.removeQueries({ queryKey: ME_KEY });
    getMessage().error(text, ERROR_MESSAGE_DURATION_S);
    navigate(loginPath(currentPath), { replace: true });
  }, [isBroken, meResult.error, t, queryClient, navigate, currentPath]);

  const logout = useCallback(async () => {
    await callEndpoint(LOGOUT, undefined, { isSilent: true }).catch(() => undefined);
    clearToken();
    clearDefaultPageCookie();
    resetTabs();
    latest.current.navigate(loginPath(latest.current.currentPath));
    // Cleared after the panel unmounts, so the user query does not refetch without a token.
    window.setTimeout(() => queryClient.clear(), 0);
  }, [resetTabs, queryClient]);

  const applyRoleToken = useCallback(
    async (answer: { token: string; default_page: string }) => {
      setToken(answer.token);
      setDefaultPageCookie(answer.default_page);
      resetTabs();
      // Everything cached belongs to the previous role; only the user record is fetched again.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[1] !== ME.path });
      await queryClient.resetQueries({ queryKey: ME_KEY });
      latest.current.navigate(resolveLanding(answer.default_page));
    },
    [resetTabs, queryClient, resolveLanding],
  );

  const value = useMemo<SessionValue | null>(() => {
    if (!me?.name) return null;
    return {
      me,
      routes: filterRoutes(ROUTES, me.roles, (route) => hasScreen(route.path)),
      can: (permission) => me.roles.includes(permission),
      logout,
      applyRoleToken,
    };
  }, [me, logout, applyRoleToken]);

  if (!value) return <PageSpinner isFullScreen />;
  return (
    <SessionContext.Provider value={value}>
      <PermissionsContext.Provider value={value.me.roles}>{children}</PermissionsContext.Provider>
    </SessionContext.Provider>
  );
}
