import { DownOutlined, LogoutOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context';
import { RoleSwitchModal } from './role-switch-modal';

export function UserDropdown({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const { me, can, logout } = useSession();
  const [isSwitchOpen, setSwitchOpen] = useState(false);

  const items: MenuProps['items'] = [
    { key: 'who', label: me.email, disabled: true },
    { type: 'divider' },
    ...(can('switch_role') ? [{ key: 'switch', icon: <UserSwitchOutlined />, label: t('layout.work_as_role') }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'switch') setSwitchOpen(true);
    if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button type="text" aria-label={t('layout.user_menu')} style={{ paddingInline: 6 }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: 'var(--ant-color-primary)' }} />
          {!isCompact && <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.name}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <RoleSwitchModal isOpen={isSwitchOpen} onClose={() => setSwitchOpen(false)} />
    </>
  );
}
