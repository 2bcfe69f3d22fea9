import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { getSidebarCookie, setSidebarCookie } from '../../lib/cookies';
import { type Device, detectDevice, useDevice } from './use-device';

/** Spec §3 client state that is not tabs or the error log. */
type UiValue = {
  device: Device;
  isSidebarOpen: boolean;
  /** false right after switching to mobile, so the drawer closes without animating. */
  isSidebarAnimated: boolean;
  size: 'middle';
  toggleSidebar: () => void;
  closeSidebar: (options?: { isAnimated?: boolean }) => void;
};

const UiContext = createContext<UiValue | null>(null);

const initialSidebar = () => (detectDevice() === 'mobile' ? false : (getSidebarCookie() ?? true));

export function UiProvider({ children }: { children: ReactNode }) {
  const device = useDevice();
  const [isSidebarOpen, setSidebarOpen] = useState(initialSidebar);
  const [isSidebarAnimated, setSidebarAnimated] = useState(true);

  useEffect(() => {
    if (device === 'mobile') {
      setSidebarAnimated(false);
      setSidebarOpen(false);
    } else {
      setSidebarOpen(getSidebarCookie() ?? true);
    }
  }, [device]);

  const toggleSidebar = useCallback(() => {
    setSidebarAnimated(true);
    setSidebarOpen((current) => {
      if (device === 'desktop') setSidebarCookie(!current);
      return !current;
    });
  }, [device]);

  const closeSidebar = useCallback((options: { isAnimated?: boolean } = {}) => {
    setSidebarAnimated(options.isAnimated ?? true);
    setSidebarOpen(false);
  }, []);

  const value = useMemo<UiValue>(
    () => ({ device, isSidebarOpen, isSidebarAnimated, size: 'middle', toggleSidebar, closeSidebar }),
    [device, isSidebarOpen, isSidebarAnimated, toggleSidebar, closeSidebar],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi(): UiValue {
  const value = useContext(UiContext);
  if (!value) throw new Error('useUi outside UiProvider');
  return value;
}
