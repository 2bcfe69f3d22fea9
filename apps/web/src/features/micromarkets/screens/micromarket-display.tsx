import '../components/board.css';
import { api, type TDisplayTile, tileConditions } from '@vitrina/contract';
import { Segmented, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useEndpoint } from '../../../lib/endpoint-query';
import { useLiveRefetch } from '../../../lib/live';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { BOARD_COUNTERS, type BoardCounter, CONDITION_COLORS } from '../components/board';
import { BoardTile } from '../components/board-tile';
import { FleetMapView } from '../components/fleet-map-view';

/** The clock the board reads durations from, moved every 30 s so "for 40 min" stays true on a board nobody touches. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

const isCounter = (value: string | null): value is BoardCounter =>
  value !== null && (BOARD_COUNTERS as readonly string[]).includes(value);

/** Whether a tile belongs under a counter: it has that condition now (or, for `ok`, none at all). */
function matches(tile: TDisplayTile, counter: BoardCounter): boolean {
  const conditions = tileConditions(tile);
  if (counter === 'ok') return tile.active && conditions.length === 0;
  return conditions.some((condition) => condition.kind === counter && condition.is_current);
}

/**
 * The wall board: counters that count what they name (a fridge counts in every condition it
 * has), tiles that say which alert each fridge has with the reading, the limit and for how
 * long, and the same fleet on a map. A counter filters the tiles; both live in the URL.
 */
export default function MicromarketDisplayScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useLiveSearchParams();
  const board = useEndpoint(api.micromarket.display, undefined);
  useLiveRefetch('micromarket.state', [api.micromarket.display.tag]);
  useLiveRefetch('alert', [api.micromarket.display.tag]);
  const now = useNow(30_000);
  const view = params.get('view') === 'map' ? 'map' : 'tiles';
  const focusId = Number(params.get('focus')) || null;
  const show = isCounter(params.get('show')) ? (params.get('show') as BoardCounter) : null;
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const items = board.data?.items ?? [];
  const counts = board.data?.counts ?? {};
  const shown = show ? items.filter((tile) => matches(tile, show)) : items;

  return (
    <>
      <PageHeader
        title={t('menu.device_display')}
        extra={
          <Segmented
            aria-label={t('devices.board.view')}
            value={view}
            onChange={(value) => setParam('view', value === 'map' ? 'map' : null)}
            options={[
              { value: 'tiles', label: t('devices.board.tiles') },
              { value: 'map', label: t('devices.board.map') },
            ]}
          />
        }
      />
      <fieldset className="board-counters" data-testid="display-legend" aria-label={t('devices.board.counters_label')}>
        {BOARD_COUNTERS.map((counter) => {
          const count = counts[counter] ?? 0;
          const isActive = show === counter;
          const color = CONDITION_COLORS[counter];
          return (
            <button
              key={counter}
              type="button"
              className="board-counter"
              data-testid={`board-counter-${counter}`}
              aria-pressed={isActive}
              onClick={() => setParam('show', isActive ? null : counter)}
              style={{
                borderColor: count > 0 || isActive ? color : '#d9d9d9',
                background: isActive ? color : '#fff',
                color: isActive ? '#fff' : count > 0 ? color : '#595959',
              }}
            >
              <span>{t(`devices.board.counters.${counter}`)}</span>
              <strong>{count}</strong>
            </button>
          );
        })}
      </fieldset>
      {board.isError ? (
        <LoadError onRetry={() => board.refetch()} />
      ) : board.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <p className="muted">{t('fleet.display.empty')}</p>
      ) : view === 'map' ? (
        <FleetMapView tiles={shown} map={board.data.map} now={now} focusId={focusId} />
      ) : shown.length === 0 ? (
        <p className="muted">{t('devices.board.none_under_filter')}</p>
      ) : (
        <div className="board-grid">
          {shown.map((tile) => (
            <BoardTile key={tile.id} tile={tile} now={now} />
          ))}
        </div>
      )}
      {board.data?.truncated && <p className="muted">{t('fleet.display.truncated', { count: items.length })}</p>}
    </>
  );
}
