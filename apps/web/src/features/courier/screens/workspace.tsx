import { api, type TCourierStop } from '@vitrina/contract';
import { Empty, Select, Space, Tag } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useLiveRefetch } from '../../../lib/live';
import { readNumber, useUrlQuery } from '../../../lib/url-query';
import { changesRoute } from '../components/route-changes';
import { StopPanel } from '../components/stop-panel';
import { TodayRoutes } from '../components/today-routes';
import '../courier.css';

const parse = (params: URLSearchParams) => ({ stop: readNumber(params, 'stop') });
const NO_FILTERS: readonly string[] = [];

/** §2 `/dubai/courier`, the courier workspace: the courier's landing page on a phone, today's route stop by stop. */
export default function CourierWorkspaceScreen() {
  const { t } = useTranslation();
  const route = useEndpoint(api.courier.stops, {});
  // The route's doors, locks and connections as they change (its tags too: the work left).
  const stopIds = route.data?.items.map((item) => item.id) ?? [];
  useLiveRefetch('micromarket.state', [api.courier.stops.tag], (event) => changesRoute(event, stopIds));
  // The stop on screen is pinned by id in the URL: the route reorders (most work first) and
  // drops a stop whose work is done as the courier loads, and the screen must not jump to
  // another fridge; a tab mounted again, or a reload, comes back to the same stop.
  const { query, update } = useUrlQuery({ parse, filters: NO_FILTERS });
  const seen = useRef(new Map<number, TCourierStop>()).current;
  const firstShown = useRef<number | undefined>(undefined);
  if (route.isError) return <LoadError onRetry={() => route.refetch()} />;
  if (route.isPending) return <PageSpinner />;
  for (const item of route.data.items) seen.set(item.id, item);
  firstShown.current ??= route.data.items[0]?.id;
  const pinnedId = query.stop ?? firstShown.current;
  const pinned = pinnedId === undefined ? undefined : seen.get(pinnedId);
  const stop = pinned ?? route.data.items[0];
  const isListed = stop !== undefined && route.data.items.some((item) => item.id === stop.id);
  const stops = stop && !isListed ? [stop, ...route.data.items] : route.data.items;
  return (
    <>
      <PageHeader title={t('menu.dubai_courier')} />
      <TodayRoutes routes={route.data.routes_today} />
      {!stop ? (
        <Empty description={t('courier.nothing_today')} />
      ) : (
        <div className="courier-workspace">
          <Select<number>
            aria-label={t('courier.stop')}
            size="large"
            value={stop.id}
            onChange={(id) => update({ stop: id })}
            options={stops.map((item, index) => ({
              value: item.id,
              label: (
                <Space size={4}>
                  <span>
                    {index + 1}. {item.name}
                  </span>
                  {item.id === stop.id && !isListed ? (
                    // Its work is done: it left today's list, and stays on screen until another is chosen.
                    <Tag color="green">{t('courier.stop_done')}</Tag>
                  ) : (
                    <>
                      {item.bring > 0 && <Tag color="blue">+{item.bring}</Tag>}
                      {item.take_out > 0 && <Tag color="red">−{item.take_out}</Tag>}
                    </>
                  )}
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
