import { CarOutlined, EnvironmentOutlined, UnlockOutlined } from '@ant-design/icons';
import { api, type TCourierStop } from '@vitrina/contract';
import { Button, Card, Empty, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint, useEndpointMutation } from '../../../lib/endpoint-query';
import { buildMapsLink } from '../../../lib/format';
import { useLiveRefetch } from '../../../lib/live';
import { getMessage } from '../../../lib/notify';
import { changesRoute } from '../components/route-changes';
import { TodayRoutes } from '../components/today-routes';

/** §2 `/courier/fridge/list`: today's micromarkets with work, where to go and park, and the one-tap service opening. */
export default function CourierFridgeListScreen() {
  const { t } = useTranslation();
  const stops = useEndpoint(api.courier.stops, {});
  // Doors opening and closing, and the work left as tags move.
  const stopIds = stops.data?.items.map((item) => item.id) ?? [];
  useLiveRefetch('micromarket.state', [api.courier.stops.tag], (event) => changesRoute(event, stopIds));
  return (
    <>
      <PageHeader title={t('menu.courier_fridges')} />
      <TodayRoutes routes={stops.data?.routes_today} />
      {stops.isError ? (
        <LoadError onRetry={() => stops.refetch()} />
      ) : (
        <List
          loading={stops.isPending}
          dataSource={stops.data?.items ?? []}
          locale={{ emptyText: <Empty description={t('courier.nothing_today')} /> }}
          grid={{ gutter: 12, xs: 1, sm: 1, md: 2, xl: 3 }}
          renderItem={(stop) => (
            <List.Item>
              <StopCard stop={stop} />
            </List.Item>
          )}
        />
      )}
    </>
  );
}

/** Lines a card lists before "and N more": the full list is the workspace's. */
const LINES_SHOWN = 8;

const coordinates = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? null : `${latitude},${longitude}`;

function StopCard({ stop }: { stop: TCourierStop }) {
  const { t } = useTranslation();
  // The signed-in courier opens with one tap: no public form.
  const open = useEndpointMutation(api.courier.openDoor, {
    isInvalidating: false,
    onSuccess: (answer) => getMessage().success(answer.message),
  });
  const place = coordinates(stop.latitude, stop.longitude) ?? stop.address;
  const parking = coordinates(stop.courier_latitude, stop.courier_longitude);
  return (
    <Card size="small" title={stop.name} aria-label={stop.name}>
      <div style={{ display: 'grid', gap: 8 }}>
        <Space wrap size={[4, 4]}>
          <Tag color={stop.connection === 'online' ? 'green' : 'default'}>
            {t(`courier.connection.${stop.connection}`)}
          </Tag>
          {stop.door && <Tag color={stop.door === 'open' ? 'orange' : 'default'}>{t(`courier.door.${stop.door}`)}</Tag>}
          {stop.temperature !== null && <Tag color="blue">{stop.temperature.toFixed(1)} °C</Tag>}
          {stop.locked && <Tag color="red">{t('courier.locked')}</Tag>}
        </Space>
        {stop.address && <div>{stop.address}</div>}
        {stop.location_description && <div className="muted">{stop.location_description}</div>}
        <Space wrap>
          {place && (
            <a href={buildMapsLink(place)} target="_blank" rel="noreferrer">
              <EnvironmentOutlined /> {t('courier.maps')}
            </a>
          )}
          {parking && (
            <a href={buildMapsLink(parking)} target="_blank" rel="noreferrer">
              <CarOutlined /> {t('courier.parking')}
            </a>
          )}
        </Space>
        <Space wrap size={[4, 4]}>
          <Tag color="blue">{t('courier.bring_n', { count: stop.bring })}</Tag>
          {stop.take_out > 0 && <Tag color="red">{t('courier.take_out_n', { count: stop.take_out })}</Tag>}
        </Space>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {stop.lines.slice(0, LINES_SHOWN).map((line) => (
            <li key={line.product_id}>
              {line.product_name}
              {line.bring > 0 && ` · +${line.bring}`}
              {line.expiring > 0 && ` · −${line.expiring}`}
            </li>
          ))}
        </ul>
        {stop.lines.length > LINES_SHOWN && (
          <div className="muted">{t('courier.more_lines', { count: stop.lines.length - LINES_SHOWN })}</div>
        )}
        <Button
          type="primary"
          icon={<UnlockOutlined />}
          loading={open.isPending}
          disabled={stop.door === 'open'}
          onClick={() => open.mutate({ params: { id: stop.id } })}
        >
          {t('courier.open_service')}
        </Button>
      </div>
    </Card>
  );
}
