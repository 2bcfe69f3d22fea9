import { type TDisplayTile, type TMapTiles, tileConditions } from '@vitrina/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIsMobile } from '../../../components/use-is-mobile';
import { useCan } from '../../../lib/permissions';
import { useLocale } from '../../../lib/use-locale';
import { conditionDetail, conditionLabel, conditionTarget } from './board';

// Leaflet and the clustering load only with a screen that shows the map, never on the first download.
const FleetMap = lazy(() => import('./fleet-map'));

/** The fleet map with the panel's words: each marker's popup names what is wrong and opens it. */
export function FleetMapView(props: {
  tiles: readonly TDisplayTile[];
  map: TMapTiles;
  now: number;
  focusId?: number | null;
}) {
  const { tiles, map, now, focusId = null } = props;
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const placed = tiles.filter((tile) => tile.latitude !== null && tile.longitude !== null).length;
  const describe = (tile: TDisplayTile) => {
    const first = tileConditions(tile)[0];
    if (!first) {
      return {
        summary: t('devices.board.kinds.ok'),
        href: can('show_device_page') ? `/device/${tile.id}` : null,
        openLabel: t('devices.board.open_card'),
      };
    }
    const detail = conditionDetail(t, first, { now, locale });
    return {
      summary: detail ? `${conditionLabel(t, first)}: ${detail}` : conditionLabel(t, first),
      href: conditionTarget(tile, first, can),
      openLabel: first.alert_id !== null ? t('devices.board.open_alert') : t('devices.board.open_card'),
    };
  };
  return (
    <div>
      <Suspense fallback={<div style={{ height: isMobile ? 420 : 560, background: '#eef2f6', borderRadius: 10 }} />}>
        <FleetMap
          tiles={tiles}
          map={map}
          focusId={focusId}
          describe={describe}
          onOpen={(href) => navigate(href)}
          label={t('devices.board.map')}
          height={isMobile ? 420 : 560}
        />
      </Suspense>
      <p className="muted" style={{ marginTop: 8 }}>
        {placed < tiles.length
          ? t('devices.board.map_unplaced', { count: tiles.length - placed, placed })
          : t('devices.board.map_all_placed', { count: placed })}
      </p>
    </div>
  );
}
