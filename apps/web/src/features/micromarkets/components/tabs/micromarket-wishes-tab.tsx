import { PlusOutlined } from '@ant-design/icons';
import { api, type TMicromarket, type TWishCount } from '@vitrina/contract';
import { Button, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../../components/paged-table';
import { ProductPicker } from '../../../../components/product-picker';
import { useEndpoint } from '../../../../lib/endpoint-query';
import { useInlineCreate } from '../use-inline-create';

/** The micromarket row action "wishes": what customers asked it to carry, most wished first. */
export function MicromarketWishesTab({ micromarket, canEdit }: { micromarket: TMicromarket; canEdit: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, per_page: 20 });
  const [productId, setProductId] = useState<number | undefined>();
  const result = useEndpoint(api.order.wishes, { params: { id: micromarket.id }, query: page });
  const adding = useInlineCreate(api.order.createWish, {
    notice: t('orders.wish_saved'),
    onCreated: () => setProductId(undefined),
  });
  const record = () =>
    productId !== undefined && adding.create({ micromarket_id: micromarket.id, product_id: productId });
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {canEdit && (
        <div>
          <Space.Compact style={{ width: 'min(520px, 100%)' }}>
            <ProductPicker
              aria-label={t('orders.product')}
              orgId={micromarket.org_id}
              status="active"
              value={productId}
              onChange={setProductId}
              className="fill-select"
            />
            <Button
              type="primary"
              onClick={record}
              icon={<PlusOutlined />}
              loading={adding.isPending}
              disabled={productId === undefined}
            >
              {t('orders.add_wish')}
            </Button>
          </Space.Compact>
        </div>
      )}
      <PagedTable<TWishCount>
        rowKey="product_id"
        result={result}
        page={page.page}
        perPage={page.per_page}
        emptyText={t('orders.wishes_empty')}
        hasFilters={false}
        onPageChange={(change) => setPage({ page: change.page ?? 1, per_page: change.per_page ?? 20 })}
        columns={[
          { key: 'product', title: t('orders.product'), dataIndex: 'product_name' },
          { key: 'count', title: t('orders.wish_count'), dataIndex: 'count', align: 'right' },
          {
            key: 'customers',
            title: t('orders.wish_customers'),
            dataIndex: 'customers',
            align: 'right',
            responsive: ['md'],
          },
          {
            key: 'last',
            title: t('orders.wish_last'),
            responsive: ['md'],
            render: (_, wish) => dayjs(wish.last_at).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </div>
  );
}
