import type { MapTiles } from '../application/organizations/stores/store-locator.js';

/** OpenStreetMap's standard tiles: fine for a light use with its attribution; a busy storefront names its own server. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The raster tiles of the storefront's /stores map: MAP_TILE_URL, a
 * `{z}/{x}/{y}` template on https (the storefront's CSP allows images from
 * any https origin), or a path of this server; empty: no map, the list only.
 * MAP_TILE_ATTRIBUTION: the credit the tiles' licence asks for.
 */
export function mapTilesOf(env: Record<string, string | undefined>): MapTiles | null {
  const url = (env.MAP_TILE_URL ?? DEFAULT_MAP_TILE_URL).trim();
  if (url === '') return null;
  if (!/^(https:\/\/|\/)/.test(url) || !url.includes('{z}') || !url.includes('{x}') || !url.includes('{y}')) {
    throw new Error(`MAP_TILE_URL must be an https:// (or same-server /) address with {z}, {x} and {y}, not "${url}"`);
  }
  return { url, attribution: env.MAP_TILE_ATTRIBUTION?.trim() || (url === DEFAULT_MAP_TILE_URL ? DEFAULT_MAP_TILE_ATTRIBUTION : '') };
}
