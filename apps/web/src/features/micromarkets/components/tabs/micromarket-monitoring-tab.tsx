import { api, TELEMETRY_PERIODS, type TelemetryPeriod } from '@vitrina/contract';
import { Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../../components/load-error';
import { useEndpoint } from '../../../../lib/endpoint-query';
import { type ChartPoint, TimeChart } from '../time-chart';
import type { MicromarketTabProps } from './micromarket-tab-props';

const COLORS = {
  avg: '#427ef1',
  range: '#9db9f6',
  limit: '#d4380d',
  door: '#13a37f',
  online: '#b7eb8f',
  offline: '#d9d9d9',
};

function Legend({ items, extra }: { items: { color: string; label: string; dashed?: boolean }[]; extra?: ReactNode }) {
  return (
    <Space wrap size={[12, 4]} style={{ fontSize: 12, marginTop: 4 }}>
      {items.map((item) => (
        <span key={item.label}>
          <span
            style={{
              display: 'inline-block',
              width: 14,
              height: 0,
              borderTop: `3px ${item.dashed ? 'dashed' : 'solid'} ${item.color}`,
              marginRight: 6,
              verticalAlign: 'middle',
            }}
          />
          {item.label}
        </span>
      ))}
      {extra}
    </Space>
  );
}

/**
 * Temperature (with the organisation's thresholds), door openings and connection over a
 * period. The card's live refetch of the micromarkets area refreshes it too.
 */
export function MicromarketMonitoringTab({ micromarket }: MicromarketTabProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<TelemetryPeriod>('24h');
  const data = useEndpoint(api.micromarket.telemetry, { params: { id: micromarket.id }, query: { period } });
  const thresholds = useEndpoint(api.micromarket.thresholds, { query: { org_id: micromarket.org_id } });

  const picker = (
    <Segmented<TelemetryPeriod>
      value={period}
      onChange={setPeriod}
      options={TELEMETRY_PERIODS.map((value) => ({ value, label: t(`fleet.monitoring.periods.${value}`) }))}
      style={{ marginBottom: 12 }}
    />
  );
  if (data.isError) return <LoadError onRetry={() => data.refetch()} />;
  if (data.isPending)
    return (
      <>
        {picker}
        <Skeleton active paragraph={{ rows: 6 }} />
      </>
    );
  const telemetry = data.data;
  const from = Date.parse(telemetry.from);
  const to = Date.parse(telemetry.to);
  const at = (iso: string) => Date.parse(iso);
  const avg: ChartPoint[] = telemetry.points.map((p) => ({ t: at(p.at), y: p.temperature_avg }));
  const lower: ChartPoint[] = telemetry.points.map((p) => ({ t: at(p.at), y: p.temperature_min }));
  const upper: ChartPoint[] = telemetry.points.map((p) => ({ t: at(p.at), y: p.temperature_max }));
  const limits = thresholds.data
    ? [
        { y: thresholds.data.temperature_min, color: COLORS.limit, label: `min ${thresholds.data.temperature_min} °C` },
        { y: thresholds.data.temperature_max, color: COLORS.limit, label: `max ${thresholds.data.temperature_max} °C` },
      ]
    : [];
  const values = [
    ...telemetry.points.flatMap((p) => [p.temperature_min, p.temperature_max]),
    ...limits.map((l) => l.y),
  ].filter((v): v is number => v !== null);
  const yMin = Math.floor(Math.min(0, ...values) - 1);
  const yMax = Math.ceil(Math.max(10, ...values) + 1);
  const defrostHours = telemetry.points.filter((p) => p.defrosting).length;

  return (
    <div data-testid="monitoring">
      {picker}
      <Typography.Title level={5}>{t('fleet.monitoring.temperature')}</Typography.Title>
      {telemetry.points.length === 0 ? (
        <Empty description={t('fleet.monitoring.no_data')} />
      ) : (
        <TimeChart
          ariaLabel={t('fleet.monitoring.temperature')}
          from={from}
          to={to}
          height={220}
          y={{ min: yMin, max: yMax, format: (v) => `${Math.round(v)}°` }}
          lines={limits}
          series={[
            { kind: 'band', lower, upper, color: COLORS.range, label: 'range' },
            { kind: 'line', points: avg, color: COLORS.avg, label: 'avg' },
          ]}
          legend={
            <Legend
              items={[
                { color: COLORS.avg, label: t('fleet.monitoring.average') },
                { color: COLORS.range, label: t('fleet.monitoring.min_max'), dashed: true },
                { color: COLORS.limit, label: t('fleet.monitoring.thresholds'), dashed: true },
              ]}
              extra={
                <Link to={`/technical/thresholds?org_id=${micromarket.org_id}`}>
                  {t('fleet.monitoring.thresholds_link')}
                </Link>
              }
            />
          }
        />
      )}
      {defrostHours > 0 && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('fleet.monitoring.defrosting', { count: defrostHours })}
        </Typography.Paragraph>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('fleet.monitoring.door')}
      </Typography.Title>
      <TimeChart
        ariaLabel={t('fleet.monitoring.door')}
        from={from}
        to={to}
        height={120}
        y={{ min: 0, max: 1, format: (v) => `${Math.round(v * 100)}%` }}
        series={[
          {
            kind: 'bars',
            points: telemetry.points.map((p) => ({ t: at(p.at), y: p.door_open_share })),
            color: COLORS.door,
            label: 'door',
            widthMs: telemetry.bucket_ms,
          },
        ]}
        legend={<Legend items={[{ color: COLORS.door, label: t('fleet.monitoring.door_share') }]} />}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('fleet.monitoring.connection')}
      </Typography.Title>
      {telemetry.connection.length === 0 ? (
        <Typography.Paragraph type="secondary">
          {t('fleet.monitoring.no_connection_changes', {
            state: t(`devices.connection.${micromarket.connection}`),
          })}
        </Typography.Paragraph>
      ) : (
        <TimeChart
          ariaLabel={t('fleet.monitoring.connection')}
          from={from}
          to={to}
          height={60}
          series={[
            {
              kind: 'steps',
              points: telemetry.connection.map((c) => ({ t: at(c.at), on: c.online })),
              on: COLORS.online,
              off: COLORS.offline,
              label: 'connection',
            },
          ]}
          legend={
            <Legend
              items={[
                { color: COLORS.online, label: t('devices.connection.online') },
                { color: COLORS.offline, label: t('devices.connection.offline') },
              ]}
            />
          }
        />
      )}
    </div>
  );
}
