import 'leaflet/dist/leaflet.css';
import { type TDisplayTile, type TMapTiles, tileConditions } from '@vitrina/contract';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { CONDITION_COLORS, tileColor } from './board';
import { clusterProperties, type MarkerProperties, RANK_OF, worstKind } from './fleet-map-points';

export type FleetMapProps = {
  tiles: readonly TDisplayTile[];
  map: TMapTiles;
  /** What a marker's popup says about a fridge (its name is added), and where "open" leads. */
  describe: (tile: TDisplayTile) => { summary: string; href: string | null; openLabel: string };
  onOpen: (href: string) => void;
  /** A fridge to show up close with its popup open (`?focus=` of the display's map). */
  focusId?: number | null;
  /** Accessible name of the map region. */
  label: string;
  height: number | string;
};

/** Past the clustering's last zoom (17): every fridge is a marker of its own. */
const FOCUS_ZOOM = 18;

/** Europe, when no fridge has a place yet. */
const DEFAULT_VIEW: [number, number] = [50, 20];

function clusterIcon(count: number, color: string) {
  const size = count < 10 ? 34 : count < 100 ? 40 : 48;
  const html = document.createElement('div');
  html.className = 'fleet-cluster';
  html.textContent = String(count);
  Object.assign(html.style, {
    width: `${size}px`,
    height: `${size}px`,
    lineHeight: `${size - 6}px`,
    borderRadius: '50%',
    background: color,
    color: '#fff',
    border: '3px solid rgba(255,255,255,0.85)',
    boxShadow: '0 1px 4px rgba(0,0,0,0.35)',
    textAlign: 'center',
    fontWeight: '700',
    fontSize: '14px',
  });
  return L.divIcon({ html, className: '', iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

function pointIcon(color: string) {
  const html = document.createElement('div');
  Object.assign(html.style, {
    width: '18px',
    height: '18px',
    borderRadius: '50%',
    background: color,
    border: '3px solid #fff',
    boxShadow: '0 1px 4px rgba(0,0,0,0.45)',
  });
  return L.divIcon({ html, className: 'fleet-marker', iconSize: [18, 18], iconAnchor: [9, 9] });
}

type LeafletState = {
  map: L.Map;
  layer: L.LayerGroup;
  index: Supercluster<MarkerProperties> | null;
  /** The fridge whose popup is open: a redraw (the fleet changed, live) opens it again. */
  openId: number | null;
  isRedrawing: boolean;
};
type Latest = Pick<FleetMapProps, 'describe' | 'onOpen'> & { placed: readonly TDisplayTile[] };

function drawMarkers(current: LeafletState | null, latest: Latest) {
  if (!current?.index) return;
  const { map, layer, index } = current;
  current.isRedrawing = true;
  layer.clearLayers();
  current.isRedrawing = false;
  let reopen: L.Marker | null = null;
  const bounds = map.getBounds();
  const zoom = Math.round(map.getZoom());
  const clusters = index.getClusters(
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    Math.min(zoom, 20),
  );
  for (const feature of clusters) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const marker = L.marker([lat, lng], {
        icon: clusterIcon(props.point_count, CONDITION_COLORS[worstKind(props.rank)]),
        title: String(props.point_count),
        keyboard: true,
      });
      marker.on('click', () => {
        const next = Math.min(index.getClusterExpansionZoom(props.cluster_id), map.getMaxZoom() || 19);
        map.setView([lat, lng], next);
      });
      marker.addTo(layer);
      continue;
    }
    const tile = latest.placed.find((item) => item.id === props.id);
    if (!tile) continue;
    const marker = L.marker([lat, lng], {
      icon: pointIcon(tileColor(tileConditions(tile))),
      title: tile.name,
      alt: tile.name,
      keyboard: true,
    });
    marker.bindPopup(() => popupOf(tile, latest));
    marker.on('popupopen', () => {
      current.openId = tile.id;
    });
    marker.on('popupclose', () => {
      if (!current.isRedrawing) current.openId = null;
    });
    marker.addTo(layer);
    if (current.openId === tile.id) reopen = marker;
  }
  // After the loop: opening may pan the map, and a pan draws the markers again.
  reopen?.openPopup();
}

function popupOf(tile: TDisplayTile, latest: Latest): HTMLElement {
  const { summary, href, openLabel } = latest.describe(tile);
  const box = document.createElement('div');
  box.className = 'fleet-popup';
  const title = document.createElement('strong');
  title.textContent = tile.name;
  const text = document.createElement('div');
  text.textContent = summary;
  box.append(title, text);
  if (href) {
    const open = document.createElement('a');
    open.href = href;
    open.textContent = openLabel;
    open.addEventListener('click', (event) => {
      event.preventDefault();
      latest.onOpen(href);
    });
    box.append(open);
  }
  return box;
}

/**
 * The fleet on a map (Leaflet over the configured raster tiles, or a blank background): one
 * marker per fridge with a place, coloured by its most urgent condition, gathered into
 * clusters (supercluster) that take the colour of their worst fridge and open on click.
 */
export default function FleetMap(props: FleetMapProps) {
  const { tiles, map: tileConfig, describe, onOpen, label, height, focusId = null } = props;
  const container = useRef<HTMLElement>(null);
  // The map as state, so the markers' effect runs again when the map is built anew.
  const [instance, setInstance] = useState<LeafletState | null>(null);
  const placed = useMemo(() => tiles.filter((tile) => tile.latitude !== null && tile.longitude !== null), [tiles]);
  const latest = useRef<Latest>({ describe, onOpen, placed });
  latest.current = { describe, onOpen, placed };

  // The answer is a new object at every refetch: the map is built again only when the tiles really change.
  const tileUrl = tileConfig?.url ?? null;
  const attribution = tileConfig?.attribution ?? '';
  const maxZoom = tileConfig?.max_zoom ?? 19;
  useEffect(() => {
    if (!container.current) return;
    // No fade: a live update redraws the markers and reopens an open popup, which must not linger twice.
    const map = L.map(container.current, {
      center: DEFAULT_VIEW,
      zoom: 4,
      worldCopyJump: true,
      maxZoom,
      fadeAnimation: false,
    });
    if (tileUrl) {
      L.tileLayer(tileUrl, {
        attribution,
        maxZoom,
        // The panel sends no Referer (its links carry tokens); tile servers such as OpenStreetMap's
        // ask for one, so the tiles send the origin alone.
        referrerPolicy: 'strict-origin-when-cross-origin',
      }).addTo(map);
    }
    const layer = L.layerGroup().addTo(map);
    const state: LeafletState = { map, layer, index: null, openId: null, isRedrawing: false };
    setInstance(state);
    const draw = () => drawMarkers(state, latest.current);
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      map.remove();
      setInstance(null);
    };
  }, [tileUrl, attribution, maxZoom]);

  // Markers (re)built from the fleet; the first load fits the view to every fridge with a place.
  const hasFitted = useRef(false);
  useEffect(() => {
    const current = instance;
    if (!current) return;
    const index = new Supercluster<MarkerProperties, ReturnType<typeof clusterProperties>>({
      radius: 56,
      maxZoom: 17,
      map: clusterProperties,
      reduce: (into, from) => {
        into.rank = Math.min(into.rank, from.rank);
      },
    });
    index.load(
      placed.map((tile) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [tile.longitude!, tile.latitude!] },
        properties: { id: tile.id, rank: RANK_OF[tileConditions(tile)[0]?.kind ?? 'ok'] },
      })),
    );
    current.index = index as unknown as Supercluster<MarkerProperties>;
    if (!hasFitted.current && placed.length > 0) {
      hasFitted.current = true;
      const focus = placed.find((tile) => tile.id === focusId);
      if (focus) {
        // One fridge asked for (from its card): close enough that no cluster hides it, its popup open.
        current.openId = focus.id;
        current.map.setView([focus.latitude!, focus.longitude!], FOCUS_ZOOM);
      } else {
        const bounds = L.latLngBounds(placed.map((tile) => [tile.latitude!, tile.longitude!] as [number, number]));
        current.map.fitBounds(bounds, { padding: [40, 40], maxZoom: 15 });
      }
    }
    drawMarkers(current, latest.current);
  }, [placed, instance, focusId]);

  return (
    <section
      ref={container}
      aria-label={label}
      data-testid="fleet-map"
      style={{ height, width: '100%', borderRadius: 10, overflow: 'hidden', background: '#eef2f6', zIndex: 0 }}
    />
  );
}
