import { useCallback, useEffect, useMemo, useState } from 'react';
import { divIcon, latLngBounds, type LatLngTuple, type Map as LeafletMap } from 'leaflet';
import { MapContainer, Marker, Polyline, Tooltip, useMap, useMapEvent } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { mapInteraction, ServerTiles } from '../map/map-layers';
import { cn } from '../../lib/cn';
import { MapRole, StillMapLabel } from '../map/map-role';
import {
  FIT_BOUNDS_PADDING,
  layoutMarkers,
  ROUTE_FIT_MAX_ZOOM,
  ROUTE_MAP_MAX_ZOOM,
  ROUTE_MAP_ZOOM,
  type LocatedStop,
  type MarkerKind,
  type PlacedMarker,
} from './route-map-model';

export interface LeafletRouteMapProps {
  stops: LocatedStop[];
  /** How many stops the ride has (placed or not): the last one is the finish. */
  totalStops: number;
  /** The road from /api/route, or null for straight dashed lines between the stops. */
  geometry: Array<[number, number]> | null;
  /** The fullscreen map can be panned and zoomed; the card and page maps are still pictures. */
  interactive: boolean;
  /** What the map shows, for screen readers ("Route map: Bologna to Firenze, 3 stops"). */
  label: string;
  className?: string;
}

const pinBase = 'flex size-full items-center justify-center border-[3px] border-white text-[11px] font-black shadow-[0_2px_6px_rgb(15_17_20/0.45)]';

/**
 * Start a green circle "S", finish a dark square "F" (told apart by shape as well as colour, WCAG
 * 1.4.1), stops between white circles with their number; every text above 4.5:1.
 */
const TONES: Record<MarkerKind, string> = {
  start: 'rounded-full bg-emerald-700 text-white',
  finish: 'rounded-md bg-asphalt-950 text-white',
  stop: 'rounded-full bg-white text-asphalt-900 ring-2 ring-ignition-500',
};

function stopIcon(kind: MarkerKind, text: string, width: number) {
  return divIcon({
    className: '',
    html: `<span class="${pinBase} ${TONES[kind]}" data-marker="${kind}" aria-hidden="true">${text}</span>`,
    // Leaflet sizes the icon's box; the pin fills it (a circle, or a pill for a group "2–4").
    iconSize: [width, 28],
    iconAnchor: [width / 2, 14],
  });
}

/** The attribution line along the map's foot: the route and its markers stay above it. */
function attributionHeight(map: LeafletMap): number {
  return map.getContainer().querySelector<HTMLElement>('.leaflet-control-attribution')?.offsetHeight ?? 0;
}

/** Frames every stop and the road (fit-bounds padding 20), or centres a single stop at zoom 13. */
function FitRoute({ points, onFitted }: { points: LatLngTuple[]; onFitted: () => void }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => {
      map.invalidateSize();
      if (points.length === 1) map.setView(points[0]!, ROUTE_MAP_ZOOM);
      else if (points.length > 1) {
        const below = attributionHeight(map);
        map.fitBounds(latLngBounds(points), {
          paddingTopLeft: [FIT_BOUNDS_PADDING, FIT_BOUNDS_PADDING],
          paddingBottomRight: [FIT_BOUNDS_PADDING, FIT_BOUNDS_PADDING + below],
          maxZoom: ROUTE_FIT_MAX_ZOOM,
        });
      }
      onFitted();
    };
    fit();
    // A map that opens inside an animating dialog learns its final size a moment later.
    const timer = setTimeout(fit, 250);
    return () => clearTimeout(timer);
  }, [map, points, onFitted]);
  return null;
}

/** A marker as Leaflet draws it: where (nudged or grouped, see layoutMarkers) and what it says. */
interface DrawnMarker extends Omit<PlacedMarker, 'x' | 'y'> {
  at: LatLngTuple;
  /** Drawn away from its stop: a thin line leads back to the place it stands for. */
  leaderFrom: LatLngTuple | null;
}

/**
 * The markers at the map's current zoom, laid out again after every zoom and resize. A still map
 * keeps every marker inside its frame; on a map the rider pans, a marker stays by its stop instead.
 */
function useMarkers(stops: LocatedStop[], totalStops: number, interactive: boolean) {
  const [markers, setMarkers] = useState<DrawnMarker[] | null>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const measure = useCallback(() => {
    if (!map) return;
    const size = map.getSize();
    const screen = stops.map((s) => map.latLngToContainerPoint([s.latitude, s.longitude]));
    const frame = interactive ? undefined : { width: size.x, height: size.y - attributionHeight(map) };
    const placed = layoutMarkers(stops, screen, totalStops, frame);
    setMarkers(
      placed.map(({ x, y, ...marker }) => {
        const only = marker.members.length === 1 ? marker.members[0]! : null;
        const moved = only !== null && Math.hypot(x - screen[only]!.x, y - screen[only]!.y) > 0.5;
        const here = map.containerPointToLatLng([x, y]);
        const home = only !== null ? ([stops[only]!.latitude, stops[only]!.longitude] as LatLngTuple) : null;
        return { ...marker, at: moved || !home ? [here.lat, here.lng] : home, leaderFrom: moved ? home : null };
      }),
    );
  }, [map, stops, totalStops, interactive]);
  return { markers, measure, setMap };
}

function MapHandle({ onMap, onZoom }: { onMap: (map: LeafletMap) => void; onZoom: () => void }) {
  const map = useMap();
  useEffect(() => onMap(map), [map, onMap]);
  useMapEvent('zoomend', onZoom);
  useMapEvent('resize', onZoom);
  return null;
}

/** Loaded lazily by RouteMap: Leaflet and its CSS are not part of the first page load. */
export default function LeafletRouteMap({ stops, totalStops, geometry, interactive, label, className }: LeafletRouteMapProps) {
  const stopPoints = useMemo(() => stops.map((s) => [s.latitude, s.longitude] as LatLngTuple), [stops]);
  const allPoints = useMemo(() => [...stopPoints, ...(geometry ?? [])], [stopPoints, geometry]);
  const first = stopPoints[0] ?? ([0, 0] as LatLngTuple);
  const { markers, measure, setMap } = useMarkers(stops, totalStops, interactive);
  // The markers' titles are in the active language (markerOf): measured again when it changes.
  const { i18n } = useLingui();
  useEffect(measure, [measure, i18n.locale]);

  return (
    <div className="relative size-full">
      <MapContainer
        center={first}
        zoom={ROUTE_MAP_ZOOM}
        maxZoom={ROUTE_MAP_MAX_ZOOM}
        // Quarter zoom steps let the route fill a small card instead of the next whole zoom level out.
        zoomSnap={0.25}
        {...mapInteraction(interactive)}
        className={cn('size-full bg-asphalt-100', className)}
      >
        <MapRole label={label} interactive={interactive} />
        <ServerTiles maxZoom={ROUTE_MAP_MAX_ZOOM} />
        {geometry ? (
          <Polyline positions={geometry} className="rc-route-road" pathOptions={{ color: '#e06a06', weight: 5, opacity: 0.9 }} interactive={false} />
        ) : stopPoints.length > 1 ? (
          <Polyline
            positions={stopPoints}
            // className is read when Leaflet creates the path; pathOptions only restyle it.
            className="rc-route-straight"
            pathOptions={{ color: '#17191e', weight: 3, opacity: 0.8, dashArray: '8 8' }}
            interactive={false}
          />
        ) : null}
        {markers?.map((marker) =>
          marker.leaderFrom ? (
            <Polyline
              key={`leader-${marker.text}`}
              positions={[marker.leaderFrom, marker.at]}
              className="rc-marker-leader"
              pathOptions={{ color: '#17191e', weight: 1.5, opacity: 0.7 }}
              interactive={false}
            />
          ) : null,
        )}
        {markers?.map((marker) => (
          <Marker
            key={`${marker.text}-${marker.members.join('-')}`}
            position={marker.at}
            icon={stopIcon(marker.kind, marker.text, marker.width)}
            // On the map a rider moves, each marker is a Tab stop named by its title, its tooltip shown on focus.
            keyboard={interactive}
            interactive={interactive}
            title={interactive ? marker.title : undefined}
            zIndexOffset={marker.kind === 'stop' ? 0 : 1000}
          >
            {interactive ? (
              <Tooltip direction="top" offset={[0, -14]}>
                {marker.title}
              </Tooltip>
            ) : null}
          </Marker>
        ))}
        <MapHandle onMap={setMap} onZoom={measure} />
        <FitRoute points={allPoints} onFitted={measure} />
      </MapContainer>
      {interactive ? null : <StillMapLabel label={label} />}
    </div>
  );
}
