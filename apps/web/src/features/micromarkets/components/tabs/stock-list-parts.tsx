import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ResetFiltersButton } from '../../../../components/list-filters';
import { ProductPicker } from '../../../../components/product-picker';

type StockListState = {
  query: { product_id?: number | undefined };
  update: (change: { product_id: number | undefined }) => void;
  reset: () => void;
  hasFilters: boolean;
};

/** The product filter of the card's stock lists (on sale, written off). */
export function ProductFilter({ list }: { list: StockListState }) {
  const { t } = useTranslation();
  return (
    <div className="list-filters">
      <ProductPicker
        className="list-filters__select"
        aria-label={t('fields.product')}
        placeholder={t('fields.product')}
        value={list.query.product_id}
        onChange={(product_id) => list.update({ product_id })}
      />
      <ResetFiltersButton isVisible={list.hasFilters} onReset={list.reset} />
    </div>
  );
}

/**
 * The column both stock lists open with: the product, its tag's code under it (a code is
 * 24 characters; a column of its own would push the price off a phone's screen).
 */
export function tagColumns<Row extends { product_name: string; code: string }>(t: TFunction) {
  return [
    {
      key: 'product',
      title: t('fields.product'),
      render: (_: unknown, item: Row) => (
        <>
          <div>{item.product_name}</div>
          <code className="muted" style={{ fontSize: 12 }} title={t('devices.stock.code')}>
            {item.code}
          </code>
        </>
      ),
    },
  ];
}
