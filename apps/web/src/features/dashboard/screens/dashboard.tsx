import { CloudServerOutlined, ReloadOutlined, ShopOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { type api, NEW_USER_WINDOW_DAYS, THEME_COLOR } from '@vitrina/contract';
import { Button, Col, Row } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import type { EndpointAddress } from '../../../lib/api-client';
import { useEndpoint } from '../../../lib/endpoint-query';
import { StatCard } from '../components/stat-card';

/** The sales figures, trends and chart come after the counters, in a chunk of their own. */
const SalesPanel = lazy(() => import('../components/sales-panel'));

const NEW_USERS_COLOR = '#13a37f';
const MICROMARKETS_COLOR = '#7a5af8';
const ONLINE_COLOR = '#52c41a';

/** Most sessions land here right after signing in, so it is named by address (see EndpointAddress). */
const SUMMARY: EndpointAddress<typeof api.dashboard.summary> = {
  method: 'GET',
  path: '/v1/dashboard/summary',
  tag: 'dashboard',
};

export default function DashboardScreen() {
  const { t } = useTranslation();
  const summary = useEndpoint(SUMMARY, undefined);

  return (
    <>
      <PageHeader
        title={t('menu.dashboard')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => summary.refetch()} loading={summary.isFetching}>
            {t('actions.refresh')}
          </Button>
        }
      />
      {summary.isError ? (
        <LoadError onRetry={() => summary.refetch()} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              title={t('dashboard.users')}
              value={summary.data?.users ?? 0}
              isLoading={summary.isPending}
              icon={<TeamOutlined />}
              accent={THEME_COLOR}
              hint={t('dashboard.users_hint')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              title={t('dashboard.new_users')}
              value={summary.data?.new_users ?? 0}
              isLoading={summary.isPending}
              icon={<UserAddOutlined />}
              accent={NEW_USERS_COLOR}
              hint={t('dashboard.new_users_hint', { days: NEW_USER_WINDOW_DAYS })}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              title={t('fleet.dashboard.micromarkets')}
              value={summary.data?.micromarkets ?? 0}
              isLoading={summary.isPending}
              icon={<ShopOutlined />}
              accent={MICROMARKETS_COLOR}
              hint={t('fleet.dashboard.micromarkets_hint')}
            />
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <StatCard
              title={t('fleet.dashboard.online')}
              value={summary.data?.micromarkets_online ?? 0}
              isLoading={summary.isPending}
              icon={<CloudServerOutlined />}
              accent={ONLINE_COLOR}
              hint={t('fleet.dashboard.online_hint', {
                total: summary.data?.micromarkets ?? 0,
                offline: Math.max(0, (summary.data?.micromarkets ?? 0) - (summary.data?.micromarkets_online ?? 0)),
              })}
            />
          </Col>
        </Row>
      )}
      <Suspense fallback={null}>
        <SalesPanel />
      </Suspense>
    </>
  );
}
