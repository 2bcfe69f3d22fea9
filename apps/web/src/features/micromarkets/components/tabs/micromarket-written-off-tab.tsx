import { api, type TWrittenOffItem } from '@vitrina/contract';
import { useTranslation } from 'react-i18next';
import { formatDateUtc } from '../../../../lib/format';
import { CardListTable, useCardList } from './card-list';
import type { MicromarketTabProps } from './micromarket-tab-props';
import { ProductFilter, tagColumns } from './stock-list-parts';

/** What was written off from this micromarket, with when and the operator's reason. */
export function MicromarketWrittenOffTab({ micromarket }: MicromarketTabProps) {
  const { t } = useTranslation();
  const list = useCardList(api.micromarket.writtenOff, micromarket.id);
  return (
    <>
      <ProductFilter list={list} />
      <CardListTable<TWrittenOffItem>
        list={list}
        emptyText={t('devices.written_off.empty')}
        columns={[
          ...tagColumns<TWrittenOffItem>(t),
          {
            key: 'written_off_at',
            title: t('devices.written_off.at'),
            render: (_, item) => (item.written_off_at ? formatDateUtc(item.written_off_at) : '—'),
          },
          { key: 'reason', title: t('devices.written_off.reason'), render: (_, item) => item.reason ?? '—' },
        ]}
      />
    </>
  );
}
