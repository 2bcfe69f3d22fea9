import type { TMapTiles } from '@vitrina/contract';

/** OpenStreetMap's own tiles: fine for a small fleet's panel (their usage policy asks heavy users to run their own). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * Whether `value` is a tile URL template the fleet map can use: http(s) or a path on this
 * server, with `{z}`, `{x}` and `{y}`; `off` turns the base layer off.
 */
export function isMapTileUrl(value: string): boolean {
  if (value === 'off') return true;
  if (!['{z}', '{x}', '{y}'].every((part) => value.includes(part))) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value.replaceAll('{s}', 'a'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The map's base layer as the web reads it; null when MAP_TILE_URL is `off`. */
export function mapTilesOf(options: { url: string; attribution: string; maxZoom: number }): TMapTiles {
  if (options.url === 'off') return null;
  return { url: options.url, attribution: options.attribution, max_zoom: options.maxZoom };
}

/**
 * The origin the panel's CSP must let images come from for these tiles (`{s}` subdomains as
 * a wildcard); null when they come from this server or there are none.
 */
export function tileImageSource(tiles: TMapTiles): string | null {
  if (!tiles || tiles.url.startsWith('/')) return null;
  const [, scheme = 'https', host = ''] = /^(https?):\/\/([^/]+)/.exec(tiles.url) ?? [];
  return `${scheme}://${host.replaceAll('{s}', '*')}`;
}
