import { segmentsOf } from './segments';
import type { GpxData, GpxPoint, GpxWaypoint } from './gpx-types';

/** XML text and attribute escaping; characters XML 1.0 forbids (C0 controls but tab and line breaks) are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function pointXml(tag: string, point: GpxPoint | GpxWaypoint, indent: string): string {
  const children: string[] = [];
  if (point.ele !== null) children.push(`<ele>${point.ele}</ele>`);
  if (point.time !== null) children.push(`<time>${point.time}</time>`);
  if ('name' in point && point.name !== null) children.push(`<name>${escapeXml(point.name)}</name>`);
  const open = `${indent}<${tag} lat="${point.lat}" lon="${point.lon}"`;
  return children.length === 0 ? `${open}/>` : `${open}>${children.join('')}</${tag}>`;
}

/**
 * A GPX 1.1 file holding exactly what `data` holds (names, waypoints, routes, tracks by segment,
 * elevations, times where present), and nothing else of the original: no extensions, no metadata
 * beyond the name. Yields the text in pieces so a long track is never one huge string.
 */
export function* writeGpx(data: GpxData): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="RoadCaptain" xmlns="http://www.topografix.com/GPX/1/1">\n';
  if (data.name !== null) yield `  <metadata><name>${escapeXml(data.name)}</name></metadata>\n`;
  for (const waypoint of data.waypoints) yield `${pointXml('wpt', waypoint, '  ')}\n`;
  for (const route of data.routes) {
    yield `  <rte>${route.name !== null ? `<name>${escapeXml(route.name)}</name>` : ''}\n`;
    for (const point of route.points) yield `${pointXml('rtept', point, '    ')}\n`;
    yield '  </rte>\n';
  }
  for (const track of data.tracks) {
    yield `  <trk>${track.name !== null ? `<name>${escapeXml(track.name)}</name>` : ''}\n`;
    for (const segment of segmentsOf(track)) {
      yield '    <trkseg>\n';
      for (const point of segment) yield `${pointXml('trkpt', point, '      ')}\n`;
      yield '    </trkseg>\n';
    }
    yield '  </trk>\n';
  }
  yield '</gpx>\n';
}
