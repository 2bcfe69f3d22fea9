import { api, type TDisplayTile } from '@vitrina/contract';
import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint } from '../../../lib/endpoint-query';
import { formatRelativeTime } from '../../../lib/format';
import { useLiveRefetch } from '../../../lib/live';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { DISPLAY_COLORS, DISPLAY_STATES, type DisplayState, displayState } from '../components/display-state';

/** Re-renders every 30 s so "last activity" stays true on a board nobody touches. */
function useTick(ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
}

function Tile({ tile, canOpen }: { tile: TDisplayTile; canOpen: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = displayState(tile);
  const colors = DISPLAY_COLORS[state];
  const body = (
    <div
      className="display-tile"
      data-state={state}
      data-testid={`display-tile-${tile.id}`}
      style={{
        ...colors,
        borderRadius: 10,
        padding: '14px 16px',
        minHeight: 150,
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        boxShadow: '0 1px 3px rgba(0,0,0,0.12)',
        opacity: tile.active ? 1 : 0.6,
      }}
    >
      <div style={{ fontSize: 20, fontWeight: 600, lineHeight: 1.2, overflowWrap: 'anywhere' }}>{tile.name}</div>
      <div style={{ fontSize: 40, fontWeight: 700, lineHeight: 1.1 }}>
        {tile.temperature === null ? '—' : `${tile.temperature.toFixed(1)} °C`}
      </div>
      <div style={{ fontSize: 16, fontWeight: 600 }}>
        {t(`fleet.display.states.${state}`)}
        {state === 'alert' && ` · ${tile.open_alerts}`}
        {tile.defrosting ? ` · ${t('devices.defrosting')}` : ''}
      </div>
      <div style={{ fontSize: 14, opacity: 0.85, marginTop: 'auto' }}>
        {tile.last_activity_at
          ? t('fleet.display.last_activity', { ago: formatRelativeTime(tile.last_activity_at, { locale }) })
          : t('fleet.display.never_seen')}
      </div>
    </div>
  );
  return canOpen ? (
    <Link to={`/device/${tile.id}`} style={{ color: 'inherit' }} aria-label={tile.name}>
      {body}
    </Link>
  ) : (
    body
  );
}

/** The wall board: one tile per visible micromarket, coloured by its most urgent state, live. */
export default function DeviceDisplayScreen() {
  const { t } = useTranslation();
  const can = useCan();
  const board = useEndpoint(api.device.display, undefined);
  useLiveRefetch('micromarket.state', [api.device.display.tag]);
  useLiveRefetch('alert', [api.device.display.tag]);
  useTick(30_000);
  const items = board.data?.items ?? [];
  const counts = new Map<DisplayState, number>();
  for (const item of items) counts.set(displayState(item), (counts.get(displayState(item)) ?? 0) + 1);

  return (
    <>
      <PageHeader title={t('menu.device_display')} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }} data-testid="display-legend">
        {DISPLAY_STATES.map((state) => (
          <span
            key={state}
            style={{
              ...DISPLAY_COLORS[state],
              borderRadius: 6,
              padding: '4px 10px',
              fontSize: 15,
              fontWeight: 600,
              border: state === 'ok' ? '1px solid #b7eb8f' : undefined,
            }}
          >
            {t(`fleet.display.states.${state}`)}: {counts.get(state) ?? 0}
          </span>
        ))}
      </div>
      {board.isError ? (
        <LoadError onRetry={() => board.refetch()} />
      ) : board.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fleet.display.empty')}</p>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 12 }}>
          {items.map((tile) => (
            <Tile key={tile.id} tile={tile} canOpen={can('show_device_page')} />
          ))}
        </div>
      )}
      {board.data?.truncated && <p className="muted">{t('fleet.display.truncated', { count: items.length })}</p>}
    </>
  );
}
