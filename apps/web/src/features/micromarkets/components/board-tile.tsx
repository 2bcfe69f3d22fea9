import { type TDisplayTile, tileConditions } from '@vitrina/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRelativeTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { CONDITION_COLORS, conditionDetail, conditionLabel, conditionTarget, tileTone } from './board';

/** How many conditions a tile lists before "+N more" (a wall board is read from across the room). */
const SHOWN_CONDITIONS = 3;

/**
 * One fridge on the wall board: its name (opening its card), the temperature, and each thing
 * wrong with it — which alert, the reading against the limit and for how long — each opening
 * that alert (or the card's tab that shows it).
 */
export function BoardTile({ tile, now }: { tile: TDisplayTile; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const conditions = tileConditions(tile);
  const tone = tileTone(conditions);
  const isSolid = tone.color === '#fff';
  const top = conditions[0];
  const isOffline = conditions.some((condition) => condition.kind === 'offline');
  const name = can('show_device_page') ? (
    <Link to={`/device/${tile.id}`} style={{ color: 'inherit' }}>
      {tile.name}
    </Link>
  ) : (
    tile.name
  );
  return (
    <article
      className="board-tile"
      data-testid={`display-tile-${tile.id}`}
      data-state={top?.kind ?? 'ok'}
      aria-label={tile.name}
      style={{
        background: tone.background,
        color: tone.color,
        border: `1px solid ${tone.border}`,
        borderRadius: 10,
        padding: '12px 14px',
        minHeight: 150,
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        boxShadow: '0 1px 3px rgba(0,0,0,0.12)',
        opacity: tile.active ? 1 : 0.6,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
        <h3
          style={{
            margin: 0,
            fontSize: 19,
            fontWeight: 600,
            lineHeight: 1.2,
            overflowWrap: 'anywhere',
            color: 'inherit',
          }}
        >
          {name}
        </h3>
        <span style={{ fontSize: 28, fontWeight: 700, lineHeight: 1, whiteSpace: 'nowrap' }}>
          {tile.temperature === null ? '—' : `${tile.temperature.toFixed(1)} °C`}
        </span>
      </div>
      {!tile.active && <div style={{ fontWeight: 600 }}>{t('devices.board.inactive')}</div>}
      {tile.active && conditions.length === 0 && (
        <div style={{ fontSize: 16, fontWeight: 600 }}>{t('devices.board.kinds.ok')}</div>
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
        {conditions.slice(0, SHOWN_CONDITIONS).map((condition) => {
          const target = conditionTarget(tile, condition, can);
          const text = (
            <>
              <span
                aria-hidden="true"
                style={{
                  display: 'inline-block',
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  marginInlineEnd: 6,
                  background: isSolid ? '#fff' : CONDITION_COLORS[condition.kind],
                }}
              />
              <strong style={{ fontWeight: 600 }}>{conditionLabel(t, condition)}</strong>
              <span style={{ display: 'block', fontSize: 14, opacity: 0.92, paddingInlineStart: 16 }}>
                {conditionDetail(t, condition, { now, locale })}
              </span>
            </>
          );
          return (
            <li key={condition.kind} data-condition={condition.kind} style={{ fontSize: 15, lineHeight: 1.3 }}>
              {target ? (
                <Link to={target} style={{ color: 'inherit', display: 'block' }} className="board-condition">
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
      {conditions.length > SHOWN_CONDITIONS && (
        <div style={{ fontSize: 14 }}>{t('devices.board.more', { count: conditions.length - SHOWN_CONDITIONS })}</div>
      )}
      <div style={{ fontSize: 13, opacity: 0.85, marginTop: 'auto' }}>
        {tile.defrosting ? `${t('devices.defrosting')} · ` : ''}
        {/* An offline fridge's line already says when it was last seen. */}
        {isOffline
          ? null
          : tile.last_activity_at
            ? t('fleet.display.last_activity', { ago: formatRelativeTime(tile.last_activity_at, { locale, now }) })
            : t('fleet.display.never_seen')}
      </div>
    </article>
  );
}
