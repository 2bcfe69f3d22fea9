import { PlusOutlined } from '@ant-design/icons';
import { api, ORDER_STATUS_CODES, type OrderStatus, type TOrder } from '@vitrina/contract';
import { Button, Card, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import { FILTER_SELECT, MicromarketFilter, OrganizationFilter, SearchFilter } from '../../../components/list-filters';
import { useOrderColumns } from '../../../components/orders/order-columns';
import { OrderDrawer } from '../../../components/orders/order-drawer';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useListQuery } from '../../../lib/list-query';
import { NewOrderDrawer } from '../components/new-order-drawer';

/** §2 `/product/order`: customers' orders, their status moves, money and couriers. */
export default function OrderListScreen() {
  const { t } = useTranslation();
  const { query, update, hasFilters, result } = useListQuery(api.order.list);
  const [openId, setOpenId] = useState<number | null>(null);
  const [isCreating, setCreating] = useState(false);
  const columns = useOrganizationColumn(
    useOrderColumns({ onOpen: (order) => setOpenId(order.id) }),
    result.data?.items,
  );
  return (
    <>
      <PageHeader
        title={t('menu.product_order')}
        extra={
          <>
            <ExportMenu endpoint={api.order.export} query={query} name="orders" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('orders.new')}
            </Button>
          </>
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="list-filters">
          <SearchFilter label={t('orders.search')} value={query.q} onSearch={(q) => update({ q })} />
          <Select
            {...FILTER_SELECT}
            aria-label={t('orders.status_label')}
            placeholder={t('orders.status_label')}
            value={query.status}
            onChange={(status?: OrderStatus) => update({ status })}
            options={ORDER_STATUS_CODES.map((code) => ({ value: code, label: t(`orders.status.${code}`) }))}
          />
          <MicromarketFilter value={query.micromarket_id} onChange={(id) => update({ micromarket_id: id })} />
          <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
        </div>
        <PagedTable<TOrder>
          rowKey="id"
          columns={columns}
          result={result}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('orders.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
        />
      </Card>
      <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} />
      <NewOrderDrawer isOpen={isCreating} onClose={() => setCreating(false)} />
    </>
  );
}
