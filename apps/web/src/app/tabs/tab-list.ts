/** A visited page (spec §3: path, title, meta). `key` is the pathname, `fullPath` adds the search. */
export type Tab = { key: string; fullPath: string; title: string; isAffix: boolean; version: number };

export function visitTab(tabs: Tab[], next: Omit<Tab, 'version'>): Tab[] {
  const index = tabs.findIndex((tab) => tab.key === next.key);
  if (index === -1) return [...tabs, { ...next, version: 0 }];
  const current = tabs[index]!;
  if (current.fullPath === next.fullPath && current.title === next.title) return tabs;
  return tabs.map((tab, i) => (i === index ? { ...tab, fullPath: next.fullPath, title: next.title } : tab));
}

export function closeTab(tabs: Tab[], key: string): Tab[] {
  return tabs.filter((tab) => tab.key !== key || tab.isAffix);
}

export function closeOtherTabs(tabs: Tab[], key: string): Tab[] {
  return tabs.filter((tab) => tab.key === key || tab.isAffix);
}

export function closeAllTabs(tabs: Tab[]): Tab[] {
  return tabs.filter((tab) => tab.isAffix);
}

export function refreshTab(tabs: Tab[], key: string): Tab[] {
  return tabs.map((tab) => (tab.key === key ? { ...tab, version: tab.version + 1 } : tab));
}

/** Where to go after closing the active tab: the right neighbour, else the left one. */
export function neighbourOf(tabs: Tab[], key: string): Tab | undefined {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index === -1) return undefined;
  return tabs[index + 1] ?? tabs[index - 1];
}

/**
 * Screens kept mounted besides the strip: the last few tabs switched to. More hidden screens
 * cost every switch (38 mounted tabs took 1.1–1.9 s a switch); the others mount again from
 * their URL and the query cache when revisited.
 */
export const MOUNTED_TABS = 5;

/** Keys by recency of use, `key` first, keeping only tabs still open (`open` keys). */
export function touchRecent(recent: readonly string[], key: string, open: ReadonlySet<string>): string[] {
  return [key, ...recent.filter((other) => other !== key && open.has(other))];
}
