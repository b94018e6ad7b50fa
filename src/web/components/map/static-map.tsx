import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../ui/skeleton';
import { PartBoundary } from '../part-boundary';
import type { StaticMapProps } from './static-map-props';

export type { StaticMapProps } from './static-map-props';
export { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from './static-map-props';

const LeafletStaticMap = lazy(() => import('./leaflet-static-map'));

/**
 * A small, non-interactive map with a pin (profile location and the like). Tiles come from the
 * server's TILE_URL with its attribution. Leaflet loads on first use, in its own chunk.
 */
export function StaticMap(props: StaticMapProps) {
  return (
    // A map that cannot load (no signal, a new version deployed) leaves its place plain, not the page broken.
    <PartBoundary fallback={<div aria-hidden="true" className={cn('bg-asphalt-100', props.className)} />}>
      <Suspense fallback={<Skeleton className={cn('rounded-none', props.className)} />}>
        <LeafletStaticMap {...props} />
      </Suspense>
    </PartBoundary>
  );
}
