import { api, DEVICE_EVENT_KINDS, type TDeviceEvent } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../../components/date-range-filter';
import { FILTER_SELECT, ResetFiltersButton, SearchFilter } from '../../../../components/list-filters';
import { formatDateUtc } from '../../../../lib/format';
import { describeEventDetails } from '../event-details';
import { CardListTable, useCardList } from './card-list';
import type { MicromarketTabProps } from './micromarket-tab-props';

/** What happened to the micromarket, newest first, filtered by kind, period and text in the URL. */
export function MicromarketHistoryTab({ micromarket }: MicromarketTabProps) {
  const { t } = useTranslation();
  const list = useCardList(api.micromarket.events, micromarket.id);
  const { query, update, reset, hasFilters } = list;
  const kindLabel = (kind: string) => t(`devices.history.kinds.${kind}`, { defaultValue: kind });
  return (
    <>
      <div className="list-filters">
        <Select
          {...FILTER_SELECT}
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('devices.history.event')}
          placeholder={t('devices.history.event')}
          value={query.kind}
          onChange={(kind?: string) => update({ kind })}
          options={DEVICE_EVENT_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
        />
        <DateRangeFilter
          label={t('devices.history.period')}
          placeholder={[t('devices.history.from'), t('devices.history.to')]}
          from={query.from}
          to={query.to}
          onChange={update}
        />
        <SearchFilter label={t('devices.history.search')} value={query.q} onSearch={(q) => update({ q })} />
        <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
      </div>
      <CardListTable<TDeviceEvent>
        list={list}
        emptyText={t('devices.history.empty')}
        columns={[
          { key: 'at', title: t('devices.history.at'), render: (_, event) => formatDateUtc(event.at) },
          { key: 'kind', title: t('devices.history.event'), render: (_, event) => kindLabel(event.kind) },
          { key: 'details', title: t('devices.history.details'), render: (_, event) => describeEventDetails(event, t) },
          { key: 'actor', title: t('devices.history.actor'), render: (_, event) => event.actor_label ?? '—' },
        ]}
      />
    </>
  );
}
