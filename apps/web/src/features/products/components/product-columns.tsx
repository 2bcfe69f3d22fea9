import type { Locale, PRODUCT_SORTS, TProduct } from '@vitrina/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Thumb } from '../../../components/thumb';
import { formatDateUtc } from '../../../lib/format';
import { sortOrderOf } from '../../../lib/list-query';
import { formatMoney } from '../../../lib/money';
import { PRODUCT_FLAGS } from './product-flags';
import { ProductStatusTag } from './product-status-tag';

type Options = { t: TFunction; locale: Locale; sort: (typeof PRODUCT_SORTS)[number] | undefined };

export function buildProductColumns({ t, locale, sort }: Options): ColumnsType<TProduct> {
  return [
    {
      key: 'thumb',
      title: <span className="visually-hidden">{t('products.image')}</span>,
      width: 56,
      render: (_, product) => <Thumb url={product.thumb_url} alt={product.name} />,
    },
    {
      key: 'name',
      title: t('fields.name'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'name'),
      render: (_, product) => (
        <div style={{ display: 'grid' }}>
          <Link to={`/product/${product.id}`} style={{ fontWeight: 500 }}>
            {product.name}
          </Link>
          {product.article && <span className="muted">{product.article}</span>}
        </div>
      ),
    },
    { key: 'maker', title: t('fields.maker'), render: (_, product) => product.maker_name ?? '—' },
    {
      key: 'category',
      title: t('fields.category'),
      render: (_, product) =>
        product.category_path.length > 0 ? product.category_path.map((step) => step.name).join(' / ') : '—',
    },
    {
      key: 'sell_cost',
      title: t('products.sell_cost'),
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(sort, 'sell_cost'),
      render: (_, product) => formatMoney(product.sell_cost, { currency: product.currency, locale }),
    },
    { key: 'status', title: t('fields.status'), render: (_, product) => <ProductStatusTag status={product.status} /> },
    {
      key: 'flags',
      title: t('products.flags_title'),
      render: (_, product) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          {PRODUCT_FLAGS.filter((flag) => product[flag]).map((flag) => (
            <Tag key={flag} bordered={false}>
              {t(`products.flags_short.${flag}`)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'created_at',
      title: t('fields.created'),
      sorter: true,
      sortOrder: sortOrderOf(sort, 'created_at'),
      render: (_, product) => formatDateUtc(product.created_at),
    },
  ];
}
