import type { TProduct } from '@vitrina/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateUtc } from '../../../lib/format';
import { formatMoney } from '../../../lib/money';
import { useLocale } from '../../../lib/use-locale';
import { PRODUCT_FLAGS } from './product-flags';

export function ProductMainTab({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, { currency: product.currency, locale });
  const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : value);
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
      <Descriptions.Item label={t('fields.name')}>{product.name}</Descriptions.Item>
      <Descriptions.Item label={t('products.article')}>{orDash(product.article)}</Descriptions.Item>
      <Descriptions.Item label={t('products.description')} span={2}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{orDash(product.description)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('products.barcode')}>{orDash(product.barcode)}</Descriptions.Item>
      <Descriptions.Item label={t('products.weight_g')}>{orDash(product.weight_g)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.maker')}>{orDash(product.maker_name)}</Descriptions.Item>
      <Descriptions.Item label={t('fields.category')}>
        {product.category_path.map((step) => step.name).join(' / ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('products.base_cost')}>{money(product.base_cost)}</Descriptions.Item>
      <Descriptions.Item label={t('products.sell_cost')}>{money(product.sell_cost)}</Descriptions.Item>
      <Descriptions.Item label={t('products.storage_period_hours')}>{product.storage_period_hours}</Descriptions.Item>
      <Descriptions.Item label={t('products.purchase_limit')}>
        {product.purchase_limit === 0 ? t('products.no_limit') : product.purchase_limit}
      </Descriptions.Item>
      <Descriptions.Item label={t('products.rating')}>
        {product.rating === null ? '—' : `${product.rating.toFixed(1)} / 5`}
      </Descriptions.Item>
      <Descriptions.Item
        label={t('products.likes_dislikes')}
      >{`${product.likes} / ${product.dislikes}`}</Descriptions.Item>
      {PRODUCT_FLAGS.map((flag) => (
        <Descriptions.Item key={flag} label={t(`products.flags.${flag}`)}>
          {product[flag] ? t('catalogue.yes') : t('catalogue.no')}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('fields.created')}>{formatDateUtc(product.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('products.updated')}>{formatDateUtc(product.updated_at)}</Descriptions.Item>
    </Descriptions>
  );
}
