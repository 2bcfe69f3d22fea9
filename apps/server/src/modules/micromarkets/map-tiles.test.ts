import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEFAULT_MAP_TILE_URL, isMapTileUrl, mapTilesOf, tileImageSource } from '../../lib/map-tiles.js';
import { contentSecurityPolicy } from '../../plugins/security-headers.js';

describe('the fleet map’s tiles', () => {
  it('take an http(s) or local template with {z}, {x} and {y}, or off', () => {
    expect(isMapTileUrl(DEFAULT_MAP_TILE_URL)).toBe(true);
    expect(isMapTileUrl('https://{s}.tiles.example.com/{z}/{x}/{y}@2x.png')).toBe(true);
    expect(isMapTileUrl('/tiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isMapTileUrl('off')).toBe(true);
    expect(isMapTileUrl('https://tiles.example.com/{z}/{x}.png')).toBe(false);
    expect(isMapTileUrl('javascript:alert(1)//{z}{x}{y}')).toBe(false);
    expect(isMapTileUrl('//evil.example/{z}/{x}/{y}.png')).toBe(false);
    expect(() => loadConfig({ MAP_TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('let the panel load images from the tile server, and from nowhere else', () => {
    const osm = loadConfig({}).mapTiles;
    expect(osm).toEqual({ url: DEFAULT_MAP_TILE_URL, attribution: '© OpenStreetMap contributors', max_zoom: 19 });
    expect(tileImageSource(osm)).toBe('https://tile.openstreetmap.org');
    const sub = mapTilesOf({ url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: 'x', maxZoom: 18 });
    expect(tileImageSource(sub)).toBe('https://*.tiles.example.com');
    expect(tileImageSource(mapTilesOf({ url: '/tiles/{z}/{x}/{y}.png', attribution: '', maxZoom: 18 }))).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTiles).toBeNull();
    expect(contentSecurityPolicy(['https://tile.openstreetmap.org'])).toContain(
      "img-src 'self' data: blob: https://tile.openstreetmap.org;",
    );
    expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob:;");
  });
});
