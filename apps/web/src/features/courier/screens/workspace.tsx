import { api, type TCourierStop } from '@vitrina/contract';
import { Empty, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { useEndpoint } from '../../../lib/endpoint-query';
import { StopPanel } from '../components/stop-panel';
import { TodayRoutes } from '../components/today-routes';

/** §2 `/dubai/courier`: the courier's workspace on a phone, today's route stop by stop. */
export default function CourierWorkspaceScreen() {
  const { t } = useTranslation();
  const route = useEndpoint(api.courier.stops, {});
  // The stop on screen is pinned by id: the route reorders (most work first) and drops a stop
  // whose work is done as the courier loads, and the screen must not jump to another fridge.
  const [chosen, setChosen] = useState<TCourierStop | undefined>();
  const items = route.data?.items;
  const first = items?.[0];
  useEffect(() => {
    if (!chosen && first) setChosen(first);
  }, [chosen, first]);
  if (route.isError) return <LoadError onRetry={() => route.refetch()} />;
  if (route.isPending) return <PageSpinner />;
  const current = chosen && route.data.items.find((item) => item.id === chosen.id);
  const stop = current ?? chosen ?? first;
  const stops = chosen && !current ? [chosen, ...route.data.items] : route.data.items;
  return (
    <>
      <PageHeader title={t('menu.dubai_courier')} />
      <TodayRoutes routes={route.data.routes_today} />
      {!stop ? (
        <Empty description={t('courier.nothing_today')} />
      ) : (
        <div style={{ display: 'grid', gap: 12, maxWidth: 640 }}>
          <Select<number>
            aria-label={t('courier.stop')}
            size="large"
            value={stop.id}
            onChange={(id) => setChosen(stops.find((item) => item.id === id))}
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
