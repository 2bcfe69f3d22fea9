import { PlusOutlined } from '@ant-design/icons';
import { api, type TProduct } from '@vitrina/contract';
import { Button, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '../../../components/export-menu';
import { useOrganizationColumn } from '../../../components/organization-column';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { useEndpointMutation } from '../../../lib/endpoint-query';
import { sortOf, useListQuery } from '../../../lib/list-query';
import { getMessage } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { CopyProductsModal } from '../components/copy-products-modal';
import { ProductBulkBar } from '../components/product-bulk-bar';
import { buildProductColumns } from '../components/product-columns';
import { ProductFilters } from '../components/product-filters';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { PRODUCT_CHANGE_REFRESHES } from '../components/product-refreshes';

export default function ProductListScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const { query, update, reset, hasFilters, result: products } = useListQuery(api.product.list);
  const changeStatus = useEndpointMutation(api.product.status, { alsoInvalidates: PRODUCT_CHANGE_REFRESHES });
  const [editing, setEditing] = useState<'new' | null>(null);
  const [copying, setCopying] = useState<TProduct[] | null>(null);
  // Rows stay selected across pages, so the bulk actions keep the rows, not only their ids.
  const [selected, setSelected] = useState<TProduct[]>([]);
  const canEdit = can('edit_products');
  const canCopy = can('copy_products');

  const columns = useMemo(() => buildProductColumns({ t, locale, sort: query.sort }), [t, locale, query.sort]);

  const shownColumns = useOrganizationColumn(columns, products.data?.items);

  return (
    <>
      <PageHeader
        title={t('menu.product_list')}
        extra={
          <>
            <ExportMenu endpoint={api.product.export} query={query} name="products" />
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('products.new_product')}
              </Button>
            )}
          </>
        }
      />
      <Card variant="borderless" className="panel-card">
        <ProductFilters query={query} update={update} reset={reset} hasFilters={hasFilters} />
        <ProductBulkBar
          count={selected.length}
          canEdit={canEdit}
          canCopy={canCopy}
          isBusy={changeStatus.isPending}
          onStatus={(status) =>
            changeStatus.mutate(
              { body: { ids: selected.map((product) => product.id), status } },
              {
                onSuccess: (answer) => {
                  getMessage().success(t('products.status_changed', { count: answer.updated }));
                  setSelected([]);
                },
              },
            )
          }
          onCopy={() => setCopying(selected)}
          onClear={() => setSelected([])}
        />
        <PagedTable<TProduct>
          rowKey="id"
          columns={shownColumns}
          rowSelection={
            canEdit || canCopy
              ? {
                  selectedRowKeys: selected.map((product) => product.id),
                  preserveSelectedRowKeys: true,
                  onChange: (_keys, rows) => setSelected(rows.filter((row) => row !== undefined)),
                  getTitleCheckboxProps: () => ({ 'aria-label': t('products.select_page') }),
                  getCheckboxProps: (product) => ({ 'aria-label': t('products.select', { name: product.name }) }),
                }
              : undefined
          }
          result={products}
          page={query.page}
          perPage={query.per_page}
          emptyText={t('products.empty')}
          hasFilters={hasFilters}
          onPageChange={update}
          onSortChange={(sorter) => update({ sort: sortOf(sorter), page: undefined })}
        />
      </Card>
      <ProductFormDrawer product={editing} onClose={() => setEditing(null)} />
      <CopyProductsModal products={copying} onClose={() => setCopying(null)} />
    </>
  );
}
