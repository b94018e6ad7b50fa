import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { buildCurrentUser, json, mockApi, renderRoutes, resetTestEnvironment } from '../../../test/utils';
import { buildRide } from '../../../test/ride-fixture';
import { untranslatedTexts, usePseudoLocale } from '../../../test/pseudo-locale';
import { RideDetailPage } from './ride-detail-page';

afterEach(resetTestEnvironment);

describe('RideDetailPage in the pseudo-language', () => {
  it('leaves no text of its own in English: actions, facts, riders, comments and photos', async () => {
    usePseudoLocale();
    const ride = buildRide({ totalDistanceKm: 100 });
    mockApi({
      'GET /api/route': () => json({ geometry: null, distanceKm: null, source: 'none' }),
      'GET /api/rides/r1/comments': () => json({ comments: [], hasEarlier: false }),
      'GET /api/media': () => json([]),
      'GET /api/app-config': () => json({ appName: 'RoadCaptain', tileUrl: '', tileAttribution: '', placeSearch: 'towns' }),
      'GET /api/users/current': () => json(buildCurrentUser()),
      'GET /api/groups/apennine-riders/rides/futa-loop': () => json(ride),
    });
    const { container } = renderRoutes([{ path: '/groups/:groupName/rides/:rideName', element: <RideDetailPage /> }], { path: '/groups/apennine-riders/rides/futa-loop' });
    await screen.findByRole('heading', { level: 1, name: ride.name });
    const data = [ride.name, ride.description, ride.startLocation, ride.midpointLocation, ride.endLocation, ride.group?.name, ride.owner.userId, ride.timezone, ride.timezoneName, ...ride.waypoints.map((w) => w.name)].filter(
      (text): text is string => Boolean(text),
    );
    // Texts of the shared parts this page shows (status and duration labels, the numbered stops, the
    // GPX viewer, the toasts' region), translated in their own folders; dates and offsets as the helpers write them.
    const sharedParts = ['Confirmed', 'Full Day', 'Stop', 'View Route', 'aria-label="Route stops"', 'aria-label="GPX route"', 'aria-label="Notifications (F8)"'];
    const stopNames = ['Bologna', 'Firenzuola', 'Imola'];
    const isDateOrOffset = (text: string) => /^\w{3} \d+, \d{4}$|^UTC[+-]\d\d:\d\d$/.test(text);
    expect(untranslatedTexts(container, data).filter((text) => !sharedParts.includes(text) && !stopNames.includes(text) && !isDateOrOffset(text))).toEqual([]);
  });
});
