import { SIDEBAR_WIDTH_PX } from '@vitrina/contract';
import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { useUi } from '../store/ui-store';
import { SideMenu } from './side-menu';
import { Brand, SIDER_BG } from './sidebar-brand';

const COLLAPSED_WIDTH_PX = 72;

// Only phones use the drawer, so desktops never download it.
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

/** Desktop: a collapsible Sider. Mobile: an overlay drawer (spec §2, §4). */
export function Sidebar() {
  const { device, isSidebarOpen, isSidebarAnimated, closeSidebar } = useUi();

  if (device === 'mobile') {
    // Unmounting instead of closing skips the slide-out animation.
    if (!isSidebarOpen && !isSidebarAnimated) return null;
    return (
      <Suspense fallback={null}>
        <MobileSidebar isOpen={isSidebarOpen} onClose={() => closeSidebar()} />
      </Suspense>
    );
  }

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH_PX}
      collapsedWidth={COLLAPSED_WIDTH_PX}
      collapsed={!isSidebarOpen}
      trigger={null}
      collapsible
      style={{ background: SIDER_BG, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
    >
      <Brand isCompact={!isSidebarOpen} />
      <SideMenu isCollapsed={!isSidebarOpen} />
    </Layout.Sider>
  );
}
