import { type api, CONNECTIONS, DOOR_STATES, type EndpointQuery } from '@vitrina/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILTER_SELECT, OrganizationFilter, ResetFiltersButton, SearchFilter } from '../../../components/list-filters';
import type { UrlChange } from '../../../lib/url-query';

type Query = EndpointQuery<typeof api.micromarket.list>;
type Props = { query: Query; hasFilters: boolean; update: (change: UrlChange) => void; reset: () => void };

const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

export function MicromarketFilters({ query, hasFilters, update, reset }: Props) {
  const { t } = useTranslation();
  const yesNo = [
    { value: 'true', label: t('devices.yes') },
    { value: 'false', label: t('devices.no') },
  ];
  return (
    <div className="list-filters">
      <SearchFilter label={t('devices.search')} value={query.q} onSearch={(q) => update({ q })} />
      <OrganizationFilter value={query.org_id} onChange={(orgId) => update({ org_id: orgId })} />
      <Select
        {...FILTER_SELECT}
        aria-label={t('devices.fields.connection')}
        placeholder={t('devices.fields.connection')}
        value={query.connection}
        onChange={(connection?: string) => update({ connection })}
        options={CONNECTIONS.map((value) => ({ value, label: t(`devices.connection.${value}`) }))}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('devices.fields.door')}
        placeholder={t('devices.fields.door')}
        value={query.door}
        onChange={(door?: string) => update({ door })}
        options={DOOR_STATES.map((value) => ({ value, label: t(`devices.door.${value}`) }))}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('devices.fields.temperature')}
        placeholder={t('devices.fields.temperature')}
        value={query.temperature}
        onChange={(temperature?: string) => update({ temperature })}
        options={[
          { value: 'out_of_range', label: t('devices.temperature.out_of_range') },
          { value: 'in_range', label: t('devices.temperature.in_range') },
        ]}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('devices.on_maintenance')}
        placeholder={t('devices.on_maintenance')}
        value={flag(query.on_maintenance)}
        onChange={(value?: string) => update({ on_maintenance: value })}
        options={yesNo}
      />
      <Select
        {...FILTER_SELECT}
        aria-label={t('devices.locked')}
        placeholder={t('devices.locked')}
        value={flag(query.locked)}
        onChange={(value?: string) => update({ locked: value })}
        options={yesNo}
      />
      <ResetFiltersButton isVisible={hasFilters} onReset={reset} />
    </div>
  );
}
