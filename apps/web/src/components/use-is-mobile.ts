import { MOBILE_BREAKPOINT_PX } from '@vitrina/contract';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
let media: MediaQueryList | undefined;
const mediaQuery = () => {
  media ??= window.matchMedia(QUERY);
  return media;
};
const subscribe = (onChange: () => void) => {
  const list = mediaQuery();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};
const isNarrow = () => mediaQuery().matches;

/**
 * Below antd's `lg` (992 px, the spec's breakpoint) drawers and dialogs go full width.
 * Read from one media query at render, not `Grid.useBreakpoint`: that one answers "not
 * mobile" on the first render and subscribes six media queries per component after mounting,
 * which drew every screen using it twice when it opened.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isNarrow);
}
