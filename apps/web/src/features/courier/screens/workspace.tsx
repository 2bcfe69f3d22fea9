import { api } from '@vitrina/contract';
import { Empty, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { useEndpoint } from '../../../lib/endpoint-query';
import { StopPanel } from '../components/stop-panel';

/** §2 `/dubai/courier`: the courier's workspace on a phone, today's route stop by stop. */
export default function CourierWorkspaceScreen() {
  const { t } = useTranslation();
  const route = useEndpoint(api.courier.stops, {});
  const [chosen, setChosen] = useState<number | undefined>();
  if (route.isError) return <LoadError onRetry={() => route.refetch()} />;
  if (route.isPending) return <PageSpinner />;
  const stops = route.data.items;
  const stop = stops.find((item) => item.id === chosen) ?? stops[0];
  return (
    <>
      <PageHeader title={t('menu.dubai_courier')} />
      {!stop ? (
        <Empty description={t('courier.nothing_today')} />
      ) : (
        <div style={{ display: 'grid', gap: 12, maxWidth: 640 }}>
          <Select<number>
            aria-label={t('courier.stop')}
            size="large"
            value={stop.id}
            onChange={setChosen}
            options={stops.map((item, index) => ({
              value: item.id,
              label: (
                <Space>
                  <span>
                    {index + 1}. {item.name}
                  </span>
                  <Tag color="blue">+{item.bring}</Tag>
                  {item.take_out > 0 && <Tag color="red">−{item.take_out}</Tag>}
                </Space>
              ),
            }))}
          />
          <StopPanel key={stop.id} stop={stop} />
        </div>
      )}
    </>
  );
}
