/*
 * Map tiles for offline use (issue 32 point 4): which addresses are tiles of TILE_URL, which tiles lie
 * along a route, and which kept tiles go when the cache is past its size. Pure functions; the service
 * worker's side (Cache API, fetches) is tile-cache.ts. docs/behaviour/offline-tiles.md.
 */

export interface Tile {
  z: number;
  x: number;
  y: number;
}

/** [latitude, longitude], as the router's road (shared/routing/route.ts) and the ride's stops are. */
export type LatLon = readonly [number, number];

/** The zooms saved along a route: a region's roads (8) to a village's streets (14). */
export const PREFETCH_ZOOMS = { min: 8, max: 14 } as const;
/** Tiles on either side of the route's own tile at each zoom (a corridor three tiles wide). */
export const CORRIDOR_TILES = 1;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether an address is a tile of the template (Leaflet's: {z}/{x}/{y}, a subdomain {s}, {r} "@2x"
 * on sharp screens). Tiles of another server, or other images, are not.
 */
export function tileMatcher(template: string): (url: string) => boolean {
  const pattern = escape(template)
    .replace(/\\\{s\\\}/g, '[a-z0-9-]+')
    .replace(/\\\{[zxy]\\\}/g, '\\d+')
    .replace(/\\\{r\\\}/g, '(?:@2x)?');
  const regex = new RegExp(`^${pattern}$`);
  return (url) => regex.test(url);
}

/** A tile's address from the template, as Leaflet writes it on an ordinary screen (subdomain "a"). */
export function tileUrl(template: string, tile: Tile): string {
  return template
    .replace('{s}', 'a')
    .replace('{r}', '')
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

/** Where a point is in tile units at a zoom (Web Mercator; whole parts are the tile's x and y). */
export function tilePosition([lat, lon]: LatLon, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat));
  const rad = (clamped * Math.PI) / 180;
  return { x: ((lon + 180) / 360) * n, y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n };
}

/**
 * The tiles within `radius` tiles of a route at each zoom from `zooms.min` to `zooms.max`: the whole
 * corridor at the lower zooms first (a coarse map of the whole way before streets of a part of it),
 * each zoom's tiles in route order, none twice, at most `max`. A route of one point gives the tiles
 * around it; straight lines between points are followed tile by tile.
 */
export function corridorTiles(route: readonly LatLon[], options: { zooms?: { min: number; max: number }; radius?: number; max?: number } = {}): Tile[] {
  const { zooms = PREFETCH_ZOOMS, radius = CORRIDOR_TILES, max = Infinity } = options;
  const tiles: Tile[] = [];
  const points = route.filter(([lat, lon]) => Number.isFinite(lat) && Number.isFinite(lon));
  for (let z = zooms.min; z <= zooms.max && tiles.length < max; z++) {
    const n = 2 ** z;
    const seen = new Set<string>();
    const add = (cx: number, cy: number) => {
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const y = cy + dy;
          if (y < 0 || y >= n || tiles.length >= max) continue;
          const x = (((cx + dx) % n) + n) % n;
          const key = `${x}/${y}`;
          if (seen.has(key)) continue;
          seen.add(key);
          tiles.push({ z, x, y });
        }
      }
    };
    const at = points.map((point) => tilePosition(point, z));
    at.forEach((p, i) => {
      const q = at[i + 1];
      if (!q) return add(Math.floor(p.x), Math.floor(p.y));
      // Steps of at most half a tile, so no tile the line crosses is skipped.
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y)) * 2));
      for (let s = 0; s < steps; s++) add(Math.floor(p.x + ((q.x - p.x) * s) / steps), Math.floor(p.y + ((q.y - p.y) * s) / steps));
    });
  }
  return tiles;
}

export interface KeptTile {
  url: string;
  bytes: number;
  /** When it was last saved (fetched again on a view): ms since the epoch. */
  savedAt: number;
}

/** The kept tiles to drop so that the rest fit in `capBytes`: the longest kept first. */
export function tilesToDrop(kept: readonly KeptTile[], capBytes: number): string[] {
  let total = kept.reduce((sum, tile) => sum + tile.bytes, 0);
  const drop: string[] = [];
  for (const tile of [...kept].sort((a, b) => a.savedAt - b.savedAt)) {
    if (total <= capBytes) break;
    drop.push(tile.url);
    total -= tile.bytes;
  }
  return drop;
}

/** The offline settings of the server's tiles (GET /api/app-config, tileOffline), in bytes. */
export interface TileOfflineSettings {
  template: string;
  capBytes: number;
  prefetch: boolean;
  prefetchMaxTiles: number;
  /** What one prefetch may add: half the cache, so the tiles the rider viewed keep the other half. */
  prefetchMaxBytes: number;
}

const MB = 1024 * 1024;

/** The settings from the app's configuration answer; null without a tile server or without offline settings. */
export function tileSettings(config: unknown): TileOfflineSettings | null {
  const answer = config as { tileUrl?: unknown; tileOffline?: { cacheMb?: unknown; prefetch?: unknown; prefetchMaxTiles?: unknown } } | null;
  const offline = answer?.tileOffline;
  if (typeof answer?.tileUrl !== 'string' || !answer.tileUrl || typeof offline?.cacheMb !== 'number' || offline.cacheMb <= 0) return null;
  const capBytes = offline.cacheMb * MB;
  return {
    template: answer.tileUrl,
    capBytes,
    prefetch: offline.prefetch === true,
    prefetchMaxTiles: typeof offline.prefetchMaxTiles === 'number' ? offline.prefetchMaxTiles : 0,
    prefetchMaxBytes: capBytes / 2,
  };
}
