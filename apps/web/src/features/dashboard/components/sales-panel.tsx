import type { api } from '@vitrina/contract';
import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../../components/bar-chart';
import { LoadError } from '../../../components/load-error';
import { Surface } from '../../../components/surface';
import type { EndpointAddress } from '../../../lib/api-client';
import { useEndpoint } from '../../../lib/endpoint-query';

/** Named by address so this chunk does not pull in the whole endpoint catalogue. */
const SALES: EndpointAddress<typeof api.report.dashboardSales> = {
  method: 'GET',
  path: '/v1/dashboard/sales',
  tag: 'dashboard',
};

const PERIODS = ['today', 'week', 'month'] as const;
const money = (minor: number) => (minor / 100).toFixed(2);

/** Cash received and items sold (spec §2), loaded after the counters as a chunk of its own. */
export default function SalesPanel() {
  const { t } = useTranslation();
  const sales = useEndpoint(SALES, undefined);
  if (sales.isError) return <LoadError onRetry={() => sales.refetch()} />;
  return (
    <div data-testid="dashboard-sales" style={{ marginTop: 16 }}>
      <Surface style={{ padding: 20 }}>
        <Row gutter={[16, 16]}>
          {PERIODS.map((period) => (
            <Col key={period} xs={12} md={8}>
              <Statistic
                title={`${t('dashboard.sales.cash')} · ${t(`dashboard.sales.${period}`)}`}
                value={money(sales.data?.[period].revenue ?? 0)}
                loading={sales.isPending}
              />
              <div style={{ color: '#8c8c8c' }}>
                {t('dashboard.sales.items_sold')}: {sales.data?.[period].items ?? 0}
              </div>
            </Col>
          ))}
        </Row>
        <BarChart
          ariaLabel={t('dashboard.sales.sales_chart')}
          bars={(sales.data?.days ?? []).map((day) => ({ key: day.day, label: day.day.slice(5), value: day.revenue }))}
          format={money}
          height={140}
        />
      </Surface>
    </div>
  );
}
