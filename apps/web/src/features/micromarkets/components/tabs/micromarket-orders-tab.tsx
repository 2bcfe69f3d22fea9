import { api, type TMicromarket, type TOrder } from '@vitrina/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderColumns } from '../../../../components/orders/order-columns';
import { OrderDrawer } from '../../../../components/orders/order-drawer';
import { PagedTable } from '../../../../components/paged-table';
import { useEndpoint } from '../../../../lib/endpoint-query';

/** The micromarket row action "orders": its customers' orders, newest first. */
export function MicromarketOrdersTab({ micromarket }: { micromarket: TMicromarket }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, per_page: 20 });
  const [openId, setOpenId] = useState<number | null>(null);
  const result = useEndpoint(api.order.list, { query: { micromarket_id: micromarket.id, ...page } });
  const columns = useOrderColumns({ onOpen: (order) => setOpenId(order.id), hasMicromarket: false });
  return (
    <>
      <PagedTable<TOrder>
        rowKey="id"
        columns={columns}
        result={result}
        page={page.page}
        perPage={page.per_page}
        emptyText={t('orders.empty')}
        hasFilters={false}
        onPageChange={(change) => setPage({ page: change.page ?? 1, per_page: change.per_page ?? 20 })}
      />
      <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
