import { useCallback } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';

type SearchChange = URLSearchParams | Record<string, string> | ((current: URLSearchParams) => URLSearchParams);

/**
 * `useSearchParams` whose functional update starts from the link as it is now. React Router
 * draws a navigation in a transition: the address bar changes at once, the screen a moment
 * later, and its own `setSearchParams(fn)` hands `fn` the parameters of the last drawing. A
 * second change made in between (a tab, then a search on a busy machine) would build on the
 * older link and drop the first. The one place the web app reads `useSearchParams`.
 */
export function useLiveSearchParams() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const set = useCallback(
    (change: SearchChange, options?: NavigateOptions) => {
      if (typeof change !== 'function') return setParams(change, options);
      // A hidden tab's pane has a place of its own; only the shown one is in the address bar.
      const isShown = window.location.pathname === pathname;
      setParams(change(new URLSearchParams(isShown ? window.location.search : params)), options);
    },
    [setParams, pathname, params],
  );
  return [params, set] as const;
}
