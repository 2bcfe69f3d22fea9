import { flattenRoutes, OWNER_USER_ID, PRODUCT_NAME } from '@vitrina/contract';
import { Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/session-context';
import { useUi } from '../store/ui-store';
import type { Tab } from '../tabs/tab-list';
import { useTabs } from '../tabs/tabs-store';
import { resolvePanelTarget } from '../use-panel-target';
import { AppFooter } from './app-footer';
import { Sidebar } from './sidebar';
import { TabPanes } from './tab-panes';
import { TabStrip } from './tab-strip';
import { TopBar } from './top-bar';
import { useErrorCapture } from './use-error-capture';

/**
 * The shell around the tabs reads what it shows from its own hooks (the menu and breadcrumb
 * follow the location themselves), so the same elements are kept: a tab switch does not draw
 * the sidebar, top bar and footer again.
 */
const SIDEBAR = <Sidebar />;
const TOP_BAR = <TopBar />;
const FOOTER = <AppFooter />;

export function PanelLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { routes, me } = useSession();
  const { device, closeSidebar } = useUi();
  const tabs = useTabs();
  useErrorCapture(me.id === OWNER_USER_ID);

  const target = resolvePanelTarget({ pathname: location.pathname, search: location.search, routes });
  const route = target.kind === 'screen' ? target.route : undefined;
  const current: Tab | undefined = route && {
    key: location.pathname,
    fullPath: location.pathname + location.search,
    title: route.title,
    isAffix: Boolean(route.affix),
    version: 0,
  };

  const { visit } = tabs;
  useEffect(() => {
    // Affixed tabs (the dashboard) are always present, ahead of the visited ones.
    for (const affix of flattenRoutes(routes).filter((item) => item.affix)) {
      visit({ key: affix.path, fullPath: affix.path, title: affix.title, isAffix: true });
    }
  }, [routes, visit]);

  const currentKey = current?.key;
  const currentFullPath = current?.fullPath;
  const currentTitle = current?.title;
  const isCurrentAffix = Boolean(current?.isAffix);
  useEffect(() => {
    if (!currentKey || !currentFullPath || !currentTitle) return;
    visit({ key: currentKey, fullPath: currentFullPath, title: currentTitle, isAffix: isCurrentAffix });
  }, [currentKey, currentFullPath, currentTitle, isCurrentAffix, visit]);

  useEffect(() => {
    if (route) document.title = `${PRODUCT_NAME} - ${t(`menu.${route.title}`)}`;
  }, [route, t]);

  const { pathname } = location;
  useEffect(() => {
    // Runs on every route change: the mobile drawer never stays over the next page.
    if (device === 'mobile' && pathname) closeSidebar({ isAnimated: false });
  }, [pathname, device, closeSidebar]);

  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {SIDEBAR}
      <Layout style={{ minWidth: 0 }}>
        {TOP_BAR}
        <TabStrip />
        <Layout.Content className="panel-content">
          {current && <TabPanes tabs={tabs.tabs} current={current} />}
        </Layout.Content>
        {FOOTER}
      </Layout>
    </Layout>
  );
}
