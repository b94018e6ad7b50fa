import { useEffect } from 'react';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useAppConfig } from '../../api/app-config';
import { cn } from '../../lib/cn';
import { MapRole, StillMapLabel } from './map-role';
import { MAP_MAX_ZOOM, type StaticMapProps } from './static-map-props';

/** A map pin drawn in CSS: no marker image to resolve, nothing for the CSP to refuse. */
const pinIcon = divIcon({
  className: '',
  html: '<span class="rc-map-pin" aria-hidden="true"></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
});

function Recentre({ latitude, longitude, zoom }: { latitude: number; longitude: number; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([latitude, longitude], zoom);
  }, [map, latitude, longitude, zoom]);
  return null;
}

/** Loaded lazily by StaticMap: Leaflet and its CSS are not part of the first page load. */
export default function LeafletStaticMap({ latitude, longitude, zoom = 13, className, label }: StaticMapProps) {
  const { data: config } = useAppConfig();
  const mapLabel = label ?? `Map centred on ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
  return (
    <div className={cn('relative isolate overflow-hidden', className)}>
      <MapContainer
        center={[latitude, longitude]}
        zoom={zoom}
        maxZoom={MAP_MAX_ZOOM}
        dragging={false}
        touchZoom={false}
        doubleClickZoom={false}
        scrollWheelZoom={false}
        boxZoom={false}
        keyboard={false}
        zoomControl={false}
        className="size-full bg-asphalt-100"
      >
        <MapRole label={mapLabel} interactive={false} />
        {config?.tileUrl ? <TileLayer detectRetina url={config.tileUrl} attribution={config.tileAttribution} maxZoom={MAP_MAX_ZOOM} /> : null}
        <Marker position={[latitude, longitude]} icon={pinIcon} interactive={false} keyboard={false} />
        <Recentre latitude={latitude} longitude={longitude} zoom={zoom} />
      </MapContainer>
      <StillMapLabel label={mapLabel} />
    </div>
  );
}
