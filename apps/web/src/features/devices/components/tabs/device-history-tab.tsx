import { api, type TDeviceEvent } from '@vitrina/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint } from '../../../../lib/endpoint-query';
import { formatDateUtc } from '../../../../lib/format';
import type { DeviceTabProps } from '../card-tabs';

const PER_PAGE = 20;

/** What happened to the micromarket, newest first; kinds the gateway adds show by their key. */
export function DeviceHistoryTab({ micromarket }: DeviceTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const events = useEndpoint(api.device.events, {
    params: { id: micromarket.id },
    query: { page, per_page: PER_PAGE },
  });
  if (events.isError) return <LoadError onRetry={() => events.refetch()} />;
  const describe = (event: TDeviceEvent) => {
    const keys = Array.isArray(event.details.keys) ? event.details.keys.join(', ') : '';
    return keys ? `${t('devices.history.changed')}: ${keys}` : '';
  };
  return (
    <Table<TDeviceEvent>
      rowKey="id"
      size="small"
      className="data-table"
      loading={events.isPending}
      dataSource={events.data?.items}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('devices.history.empty') }}
      pagination={{
        current: page,
        pageSize: PER_PAGE,
        total: events.data?.total ?? 0,
        showSizeChanger: false,
        onChange: setPage,
      }}
      columns={[
        { key: 'at', title: t('devices.history.at'), render: (_, event) => formatDateUtc(event.at) },
        {
          key: 'kind',
          title: t('devices.history.event'),
          render: (_, event) => t(`devices.history.kinds.${event.kind}`, { defaultValue: event.kind }),
        },
        { key: 'details', title: t('devices.history.details'), render: (_, event) => describe(event) },
        { key: 'actor', title: t('devices.history.actor'), render: (_, event) => event.actor_label ?? '—' },
      ]}
    />
  );
}
