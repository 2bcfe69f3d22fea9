import { api, type TStockItem } from '@vitrina/contract';
import { useTranslation } from 'react-i18next';
import { formatDateUtc, formatRelativeTime } from '../../../../lib/format';
import { formatMoney } from '../../../../lib/money';
import { useLocale } from '../../../../lib/use-locale';
import { CardListTable, useCardList } from './card-list';
import type { MicromarketTabProps } from './micromarket-tab-props';
import { ProductFilter, tagColumns } from './stock-list-parts';

/** Products on sale: the tags the micromarket's reader placed there, at what a customer pays now. */
export function MicromarketStockTab({ micromarket, currency }: MicromarketTabProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useCardList(api.micromarket.stock, micromarket.id);
  return (
    <>
      <ProductFilter list={list} />
      <CardListTable<TStockItem>
        list={list}
        emptyText={t('devices.stock.empty')}
        columns={[
          ...tagColumns<TStockItem>(t),
          {
            key: 'price',
            title: t('devices.stock.price'),
            align: 'right',
            render: (_, item) => formatMoney(item.price, { currency, locale }),
          },
          {
            key: 'placed_at',
            title: t('devices.stock.placed_at'),
            render: (_, item) => (
              <span title={formatDateUtc(item.placed_at)}>{formatRelativeTime(item.placed_at)}</span>
            ),
          },
          {
            key: 'store_up_to',
            title: t('devices.stock.store_up_to'),
            render: (_, item) => formatDateUtc(item.store_up_to),
          },
        ]}
      />
    </>
  );
}
