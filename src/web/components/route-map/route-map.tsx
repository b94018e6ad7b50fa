import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { MapPinOff, Maximize2, X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { cn } from '../../lib/cn';
import { useInView } from '../../lib/use-in-view';
import { routeQueryOptions } from '../../api/routing';
import { DARK_ICON_BUTTON_CLASSES } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { MAP_INIT_FAILED, MAP_NO_COORDINATES, placedStops, routeMapLabel, type LocatedStop, type MapStop } from './route-map-model';
import { PartBoundary } from '../part-boundary';

export type { MapStop } from './route-map-model';

const LeafletRouteMap = lazy(() => import('./leaflet-route-map'));

export interface RouteMapProps {
  /** The ride's stops in order (start, midpoint or waypoints, end); only those with coordinates are drawn. */
  stops: MapStop[];
  /** Size of the small map, e.g. "h-40". */
  className?: string;
  /** Heading of the fullscreen view, e.g. the ride's name. */
  title?: string;
}

/** What stands in the map's place, such as "Failed to initialize map" when Leaflet could not set up. */
function MapMessage({ text }: { text: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <div role="status" className="flex size-full flex-col items-center justify-center gap-2 bg-asphalt-50 px-4 text-center text-sm font-medium text-asphalt-500">
      <MapPinOff className="size-5 text-asphalt-400" aria-hidden="true" />
      {i18n._(text)}
    </div>
  );
}

function useRouteData(stops: MapStop[], enabled: boolean) {
  const points = useMemo(() => placedStops(stops), [stops]);
  const route = useQuery({ ...routeQueryOptions(points), enabled: enabled && points.length >= 2 });
  const error = points.length === 0 ? MAP_NO_COORDINATES : null;
  // The road arrives with the route answer; without a router (or if the call fails) the lines are straight.
  const ready = enabled && points.length > 0 && (points.length < 2 || !route.isPending);
  return { stops: points, geometry: route.data?.geometry ?? null, error, ready };
}

interface DrawnMapProps {
  stops: LocatedStop[];
  totalStops: number;
  geometry: Array<[number, number]> | null;
  interactive: boolean;
  label: string;
}

function DrawnMap(props: DrawnMapProps) {
  return (
    <PartBoundary fallback={<MapMessage text={MAP_INIT_FAILED} />}>
      <Suspense fallback={<Skeleton className="size-full rounded-none" />}>
        <LeafletRouteMap {...props} />
      </Suspense>
    </PartBoundary>
  );
}

/**
 * A ride's route on a map (spec 2 sections 2, 4 and 8): tiles from the server's TILE_URL with its
 * attribution, a marker for every stop (start "S", finish "F", numbers between, nudged apart where they
 * would cover each other), the road from /api/route or straight dashed lines when there is no road,
 * zoom 13 (max 18), fit-bounds padding 20, and a fullscreen view that opens and closes. The small map
 * is a still picture (role img, named by routeMapLabel); the fullscreen one a region the keyboard
 * moves. Leaflet loads lazily, and only once the map scrolls near the viewport.
 */
export function RouteMap({ stops, className, title }: RouteMapProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const seen = useInView(ref);
  const [fullscreen, setFullscreen] = useState(false);
  const data = useRouteData(stops, seen);
  const kind = data.ready ? (data.geometry ? 'road' : 'straight') : undefined;
  // Named on every render, so in the language just chosen (routeMapLabel writes in the active one).
  const label = routeMapLabel(stops);
  const heading = title ?? t`Route map`;

  return (
    <div ref={ref} data-route={kind} className={cn('relative isolate overflow-hidden bg-asphalt-100', className)}>
      {data.error ? (
        <MapMessage text={data.error} />
      ) : data.ready ? (
        <>
          <DrawnMap stops={data.stops} totalStops={stops.length} geometry={data.geometry} interactive={false} label={label} />
          <button
            type="button"
            onClick={() => setFullscreen(true)}
            aria-label={t`Open fullscreen map`}
            className="absolute top-2 end-2 z-[1001] inline-flex size-9 items-center justify-center rounded-lg bg-white/95 text-asphalt-800 shadow-md ring-1 ring-asphalt-900/10 transition-colors hover:bg-white hover:text-asphalt-950"
          >
            <Maximize2 className="size-4" aria-hidden="true" />
          </button>
        </>
      ) : (
        <Skeleton className="size-full rounded-none" />
      )}

      <DialogPrimitive.Root open={fullscreen} onOpenChange={setFullscreen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-0 z-50 flex flex-col bg-asphalt-950 focus:outline-none data-[state=open]:animate-overlay-in"
          >
            <div className="flex h-14 shrink-0 items-center gap-3 px-4 text-white">
              <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-base font-extrabold tracking-tight" title={heading}>
                {heading}
              </DialogPrimitive.Title>
              <DialogPrimitive.Close
                aria-label={t`Close fullscreen map`}
                className={DARK_ICON_BUTTON_CLASSES}
              >
                <X className="size-5" aria-hidden="true" />
              </DialogPrimitive.Close>
            </div>
            <div data-route={kind} className="min-h-0 flex-1">
              {data.ready ? <DrawnMap stops={data.stops} totalStops={stops.length} geometry={data.geometry} interactive label={label} /> : null}
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </div>
  );
}
