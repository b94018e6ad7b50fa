import type { GpxPath, GpxPoint } from './gpx-types';

/** The segments of a path as separate point lists (empty segments left out). */
export function segmentsOf(path: GpxPath): GpxPoint[][] {
  const starts = path.segmentStarts ?? [0];
  const segments: GpxPoint[][] = [];
  starts.forEach((start, s) => {
    const segment = path.points.slice(start, s + 1 < starts.length ? starts[s + 1] : path.points.length);
    if (segment.length > 0) segments.push(segment);
  });
  return segments;
}

/** A path made of these segments (empty ones left out). */
export function pathOf(name: string | null, segments: GpxPoint[][]): GpxPath {
  const points: GpxPoint[] = [];
  const segmentStarts: number[] = [];
  for (const segment of segments) {
    if (segment.length === 0) continue;
    segmentStarts.push(points.length);
    for (const point of segment) points.push(point);
  }
  return { name, points, segmentStarts };
}
