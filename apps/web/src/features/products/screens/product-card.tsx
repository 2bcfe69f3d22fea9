import { EditOutlined } from '@ant-design/icons';
import { api } from '@vitrina/contract';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-error';
import { useEndpoint } from '../../../lib/endpoint-query';
import { formatMoney } from '../../../lib/money';
import { useCan } from '../../../lib/permissions';
import { readEnum, useUrlQuery } from '../../../lib/url-query';
import { useLocale } from '../../../lib/use-locale';
import { PlaceOnPlanogram } from '../components/place-on-planogram';
import { ProductBatchesTab } from '../components/product-batches-tab';
import { ProductFormDrawer } from '../components/product-form-drawer';
import { ProductHistoryTab } from '../components/product-history-tab';
import { ProductImage } from '../components/product-image';
import { ProductMainTab } from '../components/product-main-tab';
import { ProductStatusActions } from '../components/product-status-actions';
import { ProductStatusTag } from '../components/product-status-tag';
import { ProductTagsTab } from '../components/product-tags-tab';

const TABS = ['main', 'tags', 'batches', 'history'] as const;
const parse = (params: URLSearchParams) => ({ tab: readEnum(params, 'tab', TABS) ?? 'main' });
const NO_FILTERS: readonly string[] = [];
/** The main tab is where a card opens, so its link carries no tab. */
const TAB_DEFAULT = { tab: 'main' } as const;

export default function ProductCardScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  // Tag counts move as tags are written and sold elsewhere: always refetch on open.
  const product = useEndpoint(
    api.product.info,
    { params: { id: id ?? 0 } },
    { enabled: id !== undefined, staleTime: 0 },
  );
  const { query, update } = useUrlQuery({ parse, filters: NO_FILTERS, defaults: TAB_DEFAULT });
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = can('edit_products');
  // Planograms are the micromarkets' (their card's planogram tab).
  const canPlace = can('show_device_page') && can('edit_devices');

  if (id === undefined || (isApiError(product.error) && product.error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('products.not_found')}
        extra={<Link to="/product/list">{t('products.back_to_list')}</Link>}
      />
    );
  }
  if (product.isError) return <LoadError onRetry={() => product.refetch()} />;
  if (product.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  const item = product.data;

  return (
    <>
      <PageHeader
        title={item.name}
        extra={
          canEdit && (
            <>
              {canPlace && item.status === 'active' && <PlaceOnPlanogram product={item} />}
              <ProductStatusActions product={item} />
              <Button type="primary" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
                {t('products.edit')}
              </Button>
            </>
          )
        }
      />
      <Card variant="borderless" className="panel-card">
        <div className="product-card__head">
          <ProductImage product={item} canEdit={canEdit} />
          <div className="product-card__summary">
            <div>
              <ProductStatusTag status={item.status} />
            </div>
            <div style={{ fontSize: 24, fontWeight: 600 }}>
              {formatMoney(item.sell_cost, { currency: item.currency, locale })}
            </div>
            <div className="muted">
              {[item.maker_name, item.category_path.map((step) => step.name).join(' / ')].filter(Boolean).join(' · ')}
            </div>
          </div>
        </div>
        <Tabs
          style={{ marginTop: 16 }}
          activeKey={query.tab}
          onChange={(tab) => update({ tab })}
          items={[
            { key: 'main', label: t('products.tabs.main'), children: <ProductMainTab product={item} /> },
            { key: 'tags', label: t('products.tabs.tags'), children: <ProductTagsTab product={item} /> },
            { key: 'batches', label: t('products.tabs.batches'), children: <ProductBatchesTab productId={item.id} /> },
            {
              key: 'history',
              label: t('products.tabs.history'),
              children: <ProductHistoryTab productId={item.id} orgId={item.org_id} currency={item.currency} />,
            },
          ]}
          destroyOnHidden
        />
      </Card>
      <ProductFormDrawer product={isEditing ? item : null} onClose={() => setIsEditing(false)} />
    </>
  );
}
