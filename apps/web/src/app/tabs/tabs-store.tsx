import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, type Tab, visitTab } from './tab-list';

type TabsValue = {
  tabs: Tab[];
  visit: (tab: Omit<Tab, 'version'>) => void;
  close: (key: string) => void;
  closeOthers: (key: string) => void;
  closeAll: () => void;
  refresh: (key: string) => void;
  /** Logout and role switches drop every tab, the affixed one included. */
  reset: () => void;
};

const TabsContext = createContext<TabsValue | null>(null);

/** Visited tabs survive a reload of the browser tab (not a new browser tab or a sign-out). */
const STORAGE_KEY = 'vitrina_tabs';

function isTab(value: unknown): value is Tab {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Record<string, unknown>;
  return (
    typeof tab.key === 'string' &&
    typeof tab.fullPath === 'string' &&
    tab.fullPath.startsWith('/') &&
    typeof tab.title === 'string' &&
    typeof tab.isAffix === 'boolean' &&
    typeof tab.version === 'number'
  );
}

function restoreTabs(): Tab[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isTab) : [];
  } catch {
    return [];
  }
}

export function TabsProvider({ children }: { children: ReactNode }) {
  const [tabs, setTabs] = useState<Tab[]>(restoreTabs);
  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
  }, [tabs]);
  const actions = useMemo<Omit<TabsValue, 'tabs'>>(
    () => ({
      visit: (tab) => setTabs((current) => visitTab(current, tab)),
      close: (key) => setTabs((current) => closeTab(current, key)),
      closeOthers: (key) => setTabs((current) => closeOtherTabs(current, key)),
      closeAll: () => setTabs((current) => closeAllTabs(current)),
      refresh: (key) => setTabs((current) => refreshTab(current, key)),
      reset: () => setTabs([]),
    }),
    [],
  );
  const value = useMemo<TabsValue>(() => ({ tabs, ...actions }), [tabs, actions]);
  return <TabsContext.Provider value={value}>{children}</TabsContext.Provider>;
}

export function useTabs(): TabsValue {
  const value = useContext(TabsContext);
  if (!value) throw new Error('useTabs outside TabsProvider');
  return value;
}
