import { SIDEBAR_WIDTH_PX } from '@vitrina/contract';
import { Drawer } from 'antd';
import { SideMenu } from './side-menu';
import { Brand, SIDER_BG } from './sidebar-brand';

/** The sidebar as an overlay drawer on phones (spec §2, §4). */
export default function MobileSidebar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Drawer
      placement="left"
      open={isOpen}
      onClose={onClose}
      closable={false}
      size={SIDEBAR_WIDTH_PX}
      styles={{ body: { padding: 0, background: SIDER_BG } }}
    >
      <Brand isCompact={false} />
      <SideMenu isCollapsed={false} />
    </Drawer>
  );
}
