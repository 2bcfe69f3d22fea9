import { Grid } from 'antd';

/** Below antd's `lg` (992 px, the spec's breakpoint) drawers and dialogs go full width. */
export function useIsMobile(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.lg === false;
}
