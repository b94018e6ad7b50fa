import { TileLayer } from 'react-leaflet';
import { useAppConfig } from '../../api/app-config';

/**
 * The tiles from the server's TILE_URL with its attribution (spec 2 section 8), or none while the
 * configuration loads or when no tile server is set: every Leaflet map draws the same ones.
 */
export function ServerTiles({ maxZoom }: { maxZoom: number }) {
  const { data: config } = useAppConfig();
  return config?.tileUrl ? <TileLayer detectRetina url={config.tileUrl} attribution={config.tileAttribution} maxZoom={maxZoom} /> : null;
}

/** Every way Leaflet lets a rider move a map, all on or all off: a still map takes none of them. */
export function mapInteraction(on: boolean) {
  return { dragging: on, touchZoom: on, doubleClickZoom: on, scrollWheelZoom: on, boxZoom: on, keyboard: on, zoomControl: on };
}
