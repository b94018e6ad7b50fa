import { useEffect } from 'react';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import { MapRole, StillMapLabel } from './map-role';
import { mapInteraction, ServerTiles } from './map-layers';
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
  const { t } = useLingui();
  const lat = latitude.toFixed(4);
  const lon = longitude.toFixed(4);
  const mapLabel = label ?? t`Map centred on ${lat}, ${lon}`;
  return (
    <div className={cn('relative isolate overflow-hidden', className)}>
      <MapContainer
        center={[latitude, longitude]}
        zoom={zoom}
        maxZoom={MAP_MAX_ZOOM}
        {...mapInteraction(false)}
        className="size-full bg-asphalt-100"
      >
        <MapRole label={mapLabel} interactive={false} />
        <ServerTiles maxZoom={MAP_MAX_ZOOM} />
        <Marker position={[latitude, longitude]} icon={pinIcon} interactive={false} keyboard={false} />
        <Recentre latitude={latitude} longitude={longitude} zoom={zoom} />
      </MapContainer>
      <StillMapLabel label={mapLabel} />
    </div>
  );
}
