import { z } from 'zod';

/** GET /api/app-config: what the browser needs to know about this installation. */
export const appConfigSchema = z.object({
  appName: z.string(),
  tileUrl: z.string(),
  tileAttribution: z.string(),
  /** Map tiles kept for offline use (TILE_CACHE_MB, in megabytes) and whether the tiles along saved rides are fetched ahead (TILE_PREFETCH, at most tilePrefetchMaxTiles). */
  tileOffline: z.object({ cacheMb: z.number(), prefetch: z.boolean(), prefetchMaxTiles: z.number() }),
  /**
   * What the place fields can find: 'towns' with the built-in gazetteer alone, 'places' (landmarks and
   * addresses too) when GEOCODER_URL names a geocoder. The fields' placeholder promises no more than this.
   */
  placeSearch: z.enum(['towns', 'places']),
  /** Whether the pseudo-language (en-XA) is offered: in development and tests only (PSEUDO_LOCALE). */
  pseudoLocale: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
