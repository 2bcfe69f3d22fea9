import { SIDEBAR_WIDTH_PX } from '@vitrina/contract';
import { Drawer, Layout } from 'antd';
import { Logo } from '../../components/logo';
import { useUi } from '../store/ui-store';
import { SideMenu } from './side-menu';

const COLLAPSED_WIDTH_PX = 72;
const SIDER_BG = '#0f1f3d';

function Brand({ isCompact }: { isCompact: boolean }) {
  return (
    <div
      style={{
        height: 64,
        display: 'flex',
        alignItems: 'center',
        justifyContent: isCompact ? 'center' : 'flex-start',
        padding: isCompact ? 0 : '0 20px',
      }}
    >
      <Logo isCompact={isCompact} color="#fff" />
    </div>
  );
}

/** Desktop: a collapsible Sider. Mobile: an overlay drawer (spec §2, §4). */
export function Sidebar() {
  const { device, isSidebarOpen, isSidebarAnimated, closeSidebar } = useUi();

  if (device === 'mobile') {
    // Unmounting instead of closing skips the slide-out animation.
    if (!isSidebarOpen && !isSidebarAnimated) return null;
    return (
      <Drawer
        placement="left"
        open={isSidebarOpen}
        onClose={() => closeSidebar()}
        closable={false}
        size={SIDEBAR_WIDTH_PX}
        styles={{ body: { padding: 0, background: SIDER_BG } }}
      >
        <Brand isCompact={false} />
        <SideMenu isCollapsed={false} />
      </Drawer>
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
