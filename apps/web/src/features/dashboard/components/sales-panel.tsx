import type { api } from '@vitrina/contract';
import { Skeleton } from 'antd';
import { LoadError } from '../../../components/load-error';
import { Surface } from '../../../components/surface';
import type { EndpointAddress } from '../../../lib/api-client';
import { useEndpoint } from '../../../lib/endpoint-query';
import { CurrencySales } from './currency-sales';

/** Named by address so this chunk does not pull in the whole endpoint catalogue. */
const SALES: EndpointAddress<typeof api.report.dashboardSales> = {
  method: 'GET',
  path: '/v1/dashboard/sales',
  tag: 'dashboard',
};

/**
 * Cash received and items sold (spec §2) with the day's trends, a block per currency the
 * caller's organisations sell in (never one sum of two currencies), loaded after the counters
 * as a chunk of its own.
 */
export default function SalesPanel() {
  const sales = useEndpoint(SALES, undefined);
  if (sales.isError) return <LoadError onRetry={() => sales.refetch()} />;
  const blocks = sales.data?.currencies ?? [];
  return (
    <div data-testid="dashboard-sales">
      {sales.isPending ? (
        <Surface style={{ padding: 20, marginTop: 16 }}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Surface>
      ) : (
        blocks.map((block) => <CurrencySales key={block.currency} block={block} isOnlyCurrency={blocks.length === 1} />)
      )}
    </div>
  );
}
