import { CreditCardOutlined, DownOutlined, LogoutOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscribeModal } from '../../features/subscriptions/index.js';
import { useSession } from '../../lib/session-context';

// Loaded on the first "work as role", then kept mounted so the modal can animate closed.
const RoleSwitchModal = lazy(() => import('./role-switch-modal'));

export function UserDropdown({ isCompact = false }: { isCompact?: boolean }) {
  const { t } = useTranslation();
  const { me, can, logout } = useSession();
  const { token } = theme.useToken();
  const [isSwitchOpen, setSwitchOpen] = useState(false);
  const [hasSwitchOpened, setSwitchOpened] = useState(false);
  const [isSubscribeOpen, setSubscribeOpen] = useState(false);

  const items: MenuProps['items'] = [
    { key: 'who', label: me.email, disabled: true },
    { type: 'divider' },
    ...(can('switch_role') ? [{ key: 'switch', icon: <UserSwitchOutlined />, label: t('layout.work_as_role') }] : []),
    ...(can('show_organization_subscribe')
      ? [{ key: 'subscribe', icon: <CreditCardOutlined />, label: t('layout.subscribe') }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'switch') {
      setSwitchOpen(true);
      setSwitchOpened(true);
    }
    if (key === 'subscribe') setSubscribeOpen(true);
    if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }}>
        <Button type="text" aria-label={t('layout.user_menu')} style={{ paddingInline: 6 }}>
          {/* A small avatar's circle; antd's Avatar brings avatar groups and popovers along. */}
          <span
            aria-hidden="true"
            style={{
              display: 'inline-grid',
              placeItems: 'center',
              flex: 'none',
              width: 24,
              height: 24,
              borderRadius: '50%',
              background: token.colorPrimary,
              color: token.colorTextLightSolid,
              fontSize: 14,
            }}
          >
            <UserOutlined />
          </span>
          {!isCompact && <span style={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.name}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {isSubscribeOpen && (
        <Suspense fallback={null}>
          <SubscribeModal isOpen={isSubscribeOpen} onClose={() => setSubscribeOpen(false)} />
        </Suspense>
      )}
      {hasSwitchOpened && (
        <Suspense fallback={null}>
          <RoleSwitchModal isOpen={isSwitchOpen} onClose={() => setSwitchOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
