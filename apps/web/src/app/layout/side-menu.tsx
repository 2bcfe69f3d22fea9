import { matchVisibleRoute, type RouteEntry } from '@vitrina/contract';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../lib/session-context';
import { MenuCount } from './bell-loader';
import { RouteIcon } from './route-icons';

type MenuItem = Required<MenuProps>['items'][number];

// Unread support chats and tickets beside their entries (the count's code comes with the bell's chunk).
const COUNTED: Record<string, 'support' | 'tickets'> = { '/support/list': 'support', '/ticket/list': 'tickets' };

function withCount(key: string, label: string): ReactNode {
  const which = COUNTED[key];
  if (!which) return label;
  return (
    <>
      {label}
      <Suspense fallback={null}>
        <MenuCount which={which} />
      </Suspense>
    </>
  );
}

function toItems(routes: readonly RouteEntry[], t: (key: string) => string, isTop: boolean): MenuItem[] {
  return routes
    .filter((route) => !route.hidden)
    .map((route) => {
      const icon = isTop ? <RouteIcon key={route.path} name={route.icon} /> : undefined;
      const label = t(`menu.${route.title}`);
      if (route.children) {
        const children = toItems(route.children, t, false);
        // A section with a single visible screen reads better as a plain entry.
        if (children.length === 1 && children[0]) {
          const only = route.children.find((child) => !child.hidden);
          const key = only?.path ?? route.path;
          return { key, icon, label: withCount(key, label) };
        }
        return { key: route.path, icon, label, children };
      }
      return { key: route.path, icon, label: withCount(route.path, label) };
    });
}

function parentOf(routes: readonly RouteEntry[], path: string): string | undefined {
  return routes.find((route) => route.children?.some((child) => child.path === path))?.path;
}

export function SideMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const { routes } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(routes, t, true), [routes, t]);
  const active = matchVisibleRoute(routes, location.pathname)?.path ?? location.pathname;
  const parent = parentOf(routes, active);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[active]}
      defaultOpenKeys={parent && !isCollapsed ? [parent] : []}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 0, background: 'transparent' }}
    />
  );
}
