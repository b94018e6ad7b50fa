import { useEffect, useMemo } from 'react';
import { latLngBounds, type LatLngExpression } from 'leaflet';
import { CircleMarker, MapContainer, Polyline, Tooltip, useMap } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { GpxData } from '../../../shared/gpx/gpx-types';
import { segmentsOf } from '../../../shared/gpx/segments';
import { ServerTiles } from '../map/map-layers';
import { MapRole } from '../map/map-role';
import { MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../map/static-map-props';

/** Spec 2 section 9: 5 to 6 track colours, cycling. */
export const TRACK_COLOURS = ['#ea580c', '#2563eb', '#16a34a', '#9333ea', '#dc2626', '#0891b2'] as const;
/** Spec 2 section 9: fit-bounds padding. */
const FIT_PADDING_PX = 20;

export interface GpxMapFile {
  id: string;
  name: string;
  data: GpxData;
}

interface Line {
  key: string;
  name: string;
  positions: LatLngExpression[];
  colour: string;
  dashed: boolean;
}

/**
 * Every track (and route) of every file, each in the next colour; a path's segments are drawn
 * apart (no line across a pause, nor across what a privacy zone took out between them).
 */
export function linesOf(files: readonly GpxMapFile[]): Line[] {
  const lines: Line[] = [];
  for (const file of files) {
    const paths = [...file.data.tracks.map((p) => ({ ...p, dashed: false })), ...file.data.routes.map((p) => ({ ...p, dashed: true }))];
    paths.forEach((path, i) => {
      const colour = TRACK_COLOURS[lines.length % TRACK_COLOURS.length]!;
      segmentsOf(path).forEach((segment, s) => {
        if (segment.length < 2) return;
        const key = s === 0 ? `${file.id}-${i}` : `${file.id}-${i}-${s}`;
        lines.push({ key, name: path.name ?? file.name, positions: segment.map((p) => [p.lat, p.lon] as LatLngExpression), colour, dashed: path.dashed });
      });
    });
  }
  return lines;
}

function FitBounds({ files, fullscreen }: { files: readonly GpxMapFile[]; fullscreen: boolean }) {
  const map = useMap();
  const bounds = useMemo(() => {
    const all = files.flatMap((f) => (f.data.bounds ? [[f.data.bounds.minLat, f.data.bounds.minLon] as [number, number], [f.data.bounds.maxLat, f.data.bounds.maxLon] as [number, number]] : []));
    return all.length > 0 ? latLngBounds(all) : null;
  }, [files]);
  useEffect(() => {
    // The container changes size when it goes fullscreen: measure again, then frame the tracks.
    map.invalidateSize();
    if (bounds) map.fitBounds(bounds, { padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: MAP_MAX_ZOOM });
  }, [map, bounds, fullscreen]);
  return null;
}

/** Loaded lazily by GpxRouteViewer: Leaflet and its CSS come with the first route shown. */
export default function GpxRouteMap({ files, fullscreen }: { files: readonly GpxMapFile[]; fullscreen: boolean }) {
  const { t } = useLingui();
  const lines = useMemo(() => linesOf(files), [files]);
  const fileCount = files.length;
  const fileNames = files.map((f) => f.name).join(', ');
  const first = files.find((f) => f.data.bounds)?.data.bounds;
  const center: LatLngExpression = first ? [(first.minLat + first.maxLat) / 2, (first.minLon + first.maxLon) / 2] : [0, 0];
  return (
    <MapContainer center={center} zoom={MAP_DEFAULT_ZOOM} maxZoom={MAP_MAX_ZOOM} scrollWheelZoom={fullscreen} className="size-full bg-asphalt-100">
      {/* The map pans and zooms (keyboard too): a named region, its zoom buttons Tab stops. */}
      <MapRole label={t`Map of ${plural(fileCount, { one: '# GPX file', other: '# GPX files' })}: ${fileNames}`} interactive />
      <ServerTiles maxZoom={MAP_MAX_ZOOM} />
      {lines.map((line) => (
        <Polyline key={line.key} positions={line.positions} pathOptions={{ color: line.colour, weight: 4, opacity: 0.9, dashArray: line.dashed ? '8 8' : undefined }}>
          <Tooltip sticky>{line.name}</Tooltip>
        </Polyline>
      ))}
      {files.flatMap((file) =>
        file.data.waypoints.map((w, i) => (
          <CircleMarker key={`${file.id}-w${i}`} center={[w.lat, w.lon]} radius={5} pathOptions={{ color: '#1f2937', weight: 2, fillColor: '#ffffff', fillOpacity: 1 }}>
            {w.name ? <Tooltip>{w.name}</Tooltip> : null}
          </CircleMarker>
        )),
      )}
      <FitBounds files={files} fullscreen={fullscreen} />
    </MapContainer>
  );
}
