import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { OWNER_USER_ID } from '@vitrina/contract';
import { Button, Flex, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo';
import { useSession } from '../../lib/session-context';
import { useUi } from '../store/ui-store';
import { ActingAsTag } from './acting-as-tag';
import { AppBreadcrumb } from './app-breadcrumb';
import { PanelBell } from './bell-loader';
import { ErrorLogButton } from './error-log-button';
import { LocaleDropdown } from './locale-dropdown';
import { UserDropdown } from './user-dropdown';

export function TopBar() {
  const { t } = useTranslation();
  const { device, isSidebarOpen, toggleSidebar } = useUi();
  const { me } = useSession();
  const isMobile = device === 'mobile';

  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 12px 0 4px',
        height: 56,
        lineHeight: '56px',
        borderBottom: '1px solid #f0f0f0',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
        <Flex align="center" gap={4} style={{ minWidth: 0 }}>
          <Button
            type="text"
            aria-label={t('layout.toggle_sidebar')}
            icon={isSidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggleSidebar}
            style={{ width: 48, height: 48 }}
          />
          {isMobile ? <LogoMark size={28} /> : <AppBreadcrumb />}
        </Flex>
        <Flex align="center" gap={4}>
          <ActingAsTag isCompact={isMobile} />
          <Suspense fallback={null}>
            <PanelBell isCompact={isMobile} />
          </Suspense>
          {!isMobile && me.id === OWNER_USER_ID && <ErrorLogButton />}
          <LocaleDropdown isCompact={isMobile} />
          <UserDropdown isCompact={isMobile} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
