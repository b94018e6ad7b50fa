import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MediaItem } from '../../../shared/media/media-item';
import type { GpxData } from '../../../shared/gpx/gpx-types';
import { buildCurrentUser, json, mockApi, renderWithApp } from '../../test/utils';
import { GpxRouteViewer, formatDuration } from './gpx-route-viewer';
import { linesOf, TRACK_COLOURS, type GpxMapFile } from './gpx-route-map';
import type * as GpxRouteMapModule from './gpx-route-map';

// Leaflet needs a real layout engine: the map itself is replaced by a list of what it would draw.
vi.mock('./gpx-route-map', async (importOriginal) => {
  const actual = await importOriginal<typeof GpxRouteMapModule>();
  return {
    ...actual,
    default: ({ files }: { files: GpxMapFile[] }) => (
      <ul aria-label="Drawn tracks">
        {actual.linesOf(files).map((line) => (
          <li key={line.key}>{`${line.name} ${line.colour}`}</li>
        ))}
      </ul>
    ),
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = { distanceKm: 10, elevationGainM: 250, elevationLossM: 100, pointCount: 3, trackCount: 1, routeCount: 0, waypointCount: 0, durationSeconds: 5400, startTime: null, endTime: null };
const gpxItem = (id: string, name: string): MediaItem => ({
  id,
  url: `/media/files/${id}.gpx`,
  thumbnailUrl: null,
  filename: `${id}.gpx`,
  originalName: name,
  description: null,
  mimeType: 'application/gpx+xml',
  fileType: 'gpx',
  size: 3000,
  createdAt: '2026-01-01T00:00:00.000Z',
  associatedType: 'ride',
  associatedId: 'r1',
  gpx: { name: null, bounds: { minLat: 45, minLon: 7, maxLat: 46, maxLon: 8 }, summary },
  abilities: { edit: false, delete: false },
  belongsTo: null,
});
const track = (name: string): GpxData => ({
  name: null,
  tracks: [{ name, points: [{ lat: 45, lon: 7, ele: 100, time: null }, { lat: 46, lon: 8, ele: 350, time: null }] }],
  routes: [],
  waypoints: [],
  bounds: { minLat: 45, minLon: 7, maxLat: 46, maxLon: 8 },
  summary,
});

function api(items: MediaItem[], gpx: Record<string, GpxData | number>, units: 'kilometers' | 'miles' = 'kilometers') {
  const handlers: Record<string, () => Response> = {
    'GET /api/users/current': () => json(buildCurrentUser({ preferredUnits: units })),
    'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', tileAttribution: 'x', placeSearch: 'towns' }),
    'GET /api/media': () => json(items),
  };
  for (const [id, data] of Object.entries(gpx)) handlers[`GET /api/media/${id}/gpx`] = () => (typeof data === 'number' ? json({ message: 'x' }, data) : json(data));
  return mockApi(handlers);
}

describe('GpxRouteViewer', () => {
  it("is collapsed under 'View Route' and loads nothing until opened; empty: 'No Route Data'", async () => {
    const requests = api([], {});
    renderWithApp(<GpxRouteViewer rideId="r1" canUpload={false} />);
    const toggle = screen.getByRole('button', { name: 'View Route' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(requests.some((r) => r.url.startsWith('/api/media'))).toBe(false);
    fireEvent.click(toggle);
    await screen.findByText('No Route Data');
    expect(screen.getByText('Upload GPX files to view the route on the map')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upload GPX/ })).toBeNull();
    expect(requests.find((r) => r.url.startsWith('/api/media'))?.url).toBe('/api/media?associatedType=ride&associatedId=r1');
  });

  it('offers the owner an upload', async () => {
    api([], {});
    renderWithApp(<GpxRouteViewer rideId="r1" canUpload defaultOpen />);
    await screen.findByRole('button', { name: 'Upload GPX' });
  });

  it('shows the summary in the rider’s unit, a download per file, and every track in the next colour', async () => {
    api([gpxItem('a', 'day1.gpx'), gpxItem('b', 'day2.gpx')], { a: track('Day one'), b: track('Day two') }, 'miles');
    renderWithApp(<GpxRouteViewer rideId="r1" canUpload={false} defaultOpen />);
    await screen.findByText('12.4 mi'); // 2 x 10 km x 0.621371
    expect(screen.getByText('1,640 ft')).toBeTruthy(); // 500 m of climbing
    expect(screen.getByText('3h 0m')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'day1.gpx' }).getAttribute('href')).toBe('/media/files/a.gpx');
    expect(screen.getByRole('link', { name: 'day2.gpx' }).getAttribute('download')).toBe('day2.gpx');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    const drawn = await screen.findByRole('list', { name: 'Drawn tracks' });
    expect(drawn.textContent).toContain(`Day one ${TRACK_COLOURS[0]}`);
    expect(drawn.textContent).toContain(`Day two ${TRACK_COLOURS[1]}`);
    expect(screen.getByRole('button', { name: 'Fullscreen' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(screen.getByRole('button', { name: 'Exit Fullscreen' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'Failed to load route data' when no file could be fetched, and 'No valid GPX data found in uploaded files' when none has a point", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api([gpxItem('a', 'gone.gpx')], { a: 500 });
    renderWithApp(<GpxRouteViewer rideId="r1" canUpload={false} defaultOpen />);
    await screen.findByText('Failed to load route data');
    expect(errors).toHaveBeenCalledWith('Failed to fetch GPX file: 500');
    cleanup();

    api([gpxItem('c', 'empty.gpx')], { c: { ...track('x'), tracks: [], bounds: null } });
    renderWithApp(<GpxRouteViewer rideId="r1" canUpload={false} defaultOpen />);
    await waitFor(() => expect(screen.getByText('No valid GPX data found in uploaded files')).toBeTruthy());
  });
});

describe('linesOf and formatDuration', () => {
  it('cycles through the six colours and skips paths with fewer than two points', () => {
    const files: GpxMapFile[] = Array.from({ length: 7 }, (_, i) => ({ id: `f${i}`, name: `f${i}.gpx`, data: track(`T${i}`) }));
    files.push({ id: 'x', name: 'one-point.gpx', data: { ...track('single'), tracks: [{ name: 'single', points: [{ lat: 1, lon: 1, ele: null, time: null }] }] } });
    const lines = linesOf(files);
    expect(lines).toHaveLength(7);
    expect(lines.map((l) => l.colour)).toEqual([...TRACK_COLOURS, TRACK_COLOURS[0]]);
  });

  it("draws a track's segments apart, in the track's colour", () => {
    const point = (lat: number) => ({ lat, lon: 7, ele: null, time: null });
    const twoSegments = { name: 'Pause at the pass', points: [point(45), point(45.1), point(46), point(46.1)], segmentStarts: [0, 2] };
    const lines = linesOf([{ id: 'f', name: 'f.gpx', data: { ...track('x'), tracks: [twoSegments] } }]);
    expect(lines.map((l) => l.positions)).toEqual([
      [
        [45, 7],
        [45.1, 7],
      ],
      [
        [46, 7],
        [46.1, 7],
      ],
    ]);
    expect(new Set(lines.map((l) => l.colour)).size).toBe(1);
  });

  it.each([
    [59, '1m'],
    [5400, '1h 30m'],
    [90000, '1d 1h'],
  ])('%d s -> %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
