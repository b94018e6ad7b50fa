import { useEffect, useMemo } from 'react';
import { divIcon, latLngBounds, type LatLngTuple } from 'leaflet';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useAppConfig } from '../../lib/app-config';
import { cn } from '../../lib/cn';
import { FIT_BOUNDS_PADDING, ROUTE_MAP_MAX_ZOOM, ROUTE_MAP_ZOOM, type LocatedStop } from './route-map-model';

export interface LeafletRouteMapProps {
  stops: LocatedStop[];
  /** The road from /api/route, or null for straight dashed lines between the stops. */
  geometry: Array<[number, number]> | null;
  /** The fullscreen map can be panned and zoomed; the card and page maps are still pictures. */
  interactive: boolean;
  className?: string;
}

const pinBase =
  'flex size-7 items-center justify-center rounded-full border-[3px] border-white text-[11px] font-black shadow-[0_2px_6px_rgb(15_17_20/0.45)]';

function stopIcon(stop: LocatedStop, last: boolean) {
  const tone = stop.number === 1 ? 'bg-ignition-500 text-asphalt-950' : last ? 'bg-asphalt-900 text-white' : 'bg-white text-asphalt-900 ring-2 ring-ignition-500';
  return divIcon({
    className: '',
    html: `<span class="${pinBase} ${tone}" aria-hidden="true">${stop.number}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

/** Frames every stop and the road (fit-bounds padding 20), or centres a single stop at zoom 13. */
function FitRoute({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    const fit = () => {
      map.invalidateSize();
      if (points.length === 1) map.setView(points[0]!, ROUTE_MAP_ZOOM);
      else if (points.length > 1) map.fitBounds(latLngBounds(points), { padding: [FIT_BOUNDS_PADDING, FIT_BOUNDS_PADDING], maxZoom: ROUTE_MAP_ZOOM });
    };
    fit();
    // A map that opens inside an animating dialog learns its final size a moment later.
    const timer = setTimeout(fit, 250);
    return () => clearTimeout(timer);
  }, [map, points]);
  return null;
}

/** Loaded lazily by RouteMap: Leaflet and its CSS are not part of the first page load. */
export default function LeafletRouteMap({ stops, geometry, interactive, className }: LeafletRouteMapProps) {
  const { data: config } = useAppConfig();
  const stopPoints = useMemo(() => stops.map((s) => [s.latitude, s.longitude] as LatLngTuple), [stops]);
  const allPoints = useMemo(() => [...stopPoints, ...(geometry ?? [])], [stopPoints, geometry]);
  const first = stopPoints[0] ?? ([0, 0] as LatLngTuple);

  return (
    <MapContainer
      center={first}
      zoom={ROUTE_MAP_ZOOM}
      maxZoom={ROUTE_MAP_MAX_ZOOM}
      dragging={interactive}
      touchZoom={interactive}
      doubleClickZoom={interactive}
      scrollWheelZoom={interactive}
      boxZoom={interactive}
      keyboard={interactive}
      zoomControl={interactive}
      className={cn('size-full bg-asphalt-100', className)}
    >
      {config?.tileUrl ? <TileLayer detectRetina url={config.tileUrl} attribution={config.tileAttribution} maxZoom={ROUTE_MAP_MAX_ZOOM} /> : null}
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
      {stops.map((stop, index) => (
        <Marker
          key={`${stop.number}-${stop.latitude}-${stop.longitude}`}
          position={[stop.latitude, stop.longitude]}
          icon={stopIcon(stop, index === stops.length - 1 && stops.length > 1)}
          keyboard={false}
          interactive={interactive}
          alt={stop.name}
        >
          {interactive ? <Tooltip direction="top" offset={[0, -14]}>{`${stop.number}. ${stop.name}`}</Tooltip> : null}
        </Marker>
      ))}
      <FitRoute points={allPoints} />
    </MapContainer>
  );
}
