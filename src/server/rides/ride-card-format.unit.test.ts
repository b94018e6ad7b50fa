import { describe, expect, it } from 'vitest';
import { presentRideCard, RIDE_CARD_FORMAT } from './rides.presenter';
import type { RideRow } from './rides.repository';

// Stored ride cards are read back as they were written (ride-cards.ts): a release whose presenter
// makes cards of another shape must raise RIDE_CARD_FORMAT, or lists would serve the old shape.
// Each format's shape is recorded here once; add a line for a new format, never edit one.
const CARD_SHAPES: Record<number, string> = {
  2: 'createdAt description duration endDate endLatitude endLocation endLongitude group group.id group.name group.slug group.timezoneName group.timezoneOffset groupId groupSlug id isFull maxRiders midpointLatitude midpointLocation midpointLongitude minRiders name navigator navigator.id navigator.profileImageUrl navigator.userId owner owner.id owner.profileImageUrl owner.userId ownerId participantCount participants participants[].id participants[].profileImageUrl participants[].userId slug startDate startLatitude startLocation startLongitude status timezoneName timezoneOffset totalDistanceKm waypoints waypoints[].latitude waypoints[].longitude waypoints[].name',
  3: 'createdAt description duration endDate endLatitude endLocation endLongitude group group.id group.name group.slug group.timezone group.timezoneName group.timezoneOffset groupId groupSlug id isFull maxRiders midpointLatitude midpointLocation midpointLongitude minRiders name navigator navigator.id navigator.profileImageUrl navigator.userId owner owner.id owner.profileImageUrl owner.userId ownerId participantCount participants participants[].id participants[].profileImageUrl participants[].userId series series.day series.id series.label slug startDate startLatitude startLocation startLongitude status timezone timezoneName timezoneOffset totalDistanceKm waypoints waypoints[].latitude waypoints[].longitude waypoints[].name',
  4: 'createdAt description duration endDate endLatitude endLocation endLongitude group group.id group.name group.slug group.timezone group.timezoneName group.timezoneOffset groupId groupSlug id isFull maxRiders midpointLatitude midpointLocation midpointLongitude minRiders name navigator navigator.id navigator.profileImageUrl navigator.userId owner owner.id owner.profileImageUrl owner.userId ownerId participantCount participants participants[].id participants[].profileImageUrl participants[].userId series series.day series.id series.label series.rule series.rule.frequency series.rule.interval series.rule.weekdays slug startDate startLatitude startLocation startLongitude status timezone timezoneName timezoneOffset totalDistanceKm waypoints waypoints[].latitude waypoints[].longitude waypoints[].name',
};

/** Every key path of a value: `a`, `a.b`, `list[].c`. */
function shapeOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? shapeOf(value[0], `${prefix}[]`) : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...shapeOf(inner, path)];
  });
}

const rider = { id: 'u1', userId: 'rider_one', profileImageUrl: '/media/u1.webp' };
/** A ride with everything a card can show filled in. */
const row: RideRow = {
  id: 'r1',
  group_id: 'g1',
  name: 'Passo della Futa',
  slug: 'passo-della-futa',
  description: 'Lakeside',
  status: 'confirmed',
  start_date: '2026-12-05T08:00:00.000Z',
  end_date: '2026-12-05T22:59:59.999Z',
  duration: 'full-day',
  start_location: 'Bologna',
  start_latitude: 44.49,
  start_longitude: 11.34,
  midpoint_location: null,
  midpoint_latitude: null,
  midpoint_longitude: null,
  end_location: 'Firenze',
  end_latitude: 43.77,
  end_longitude: 11.25,
  waypoints: JSON.stringify([{ name: 'Futa', latitude: 44.09, longitude: 11.28 }]),
  total_distance_km: 105,
  min_riders: 1,
  max_riders: 5,
  timezone_offset: 'UTC+01:00',
  timezone_name: 'Rome',
  timezone: 'Europe/Rome',
  owner_id: 'u1',
  navigator_id: 'u1',
  reminders_sent: 0,
  created_at: '2026-11-24T10:00:00.000Z',
  card_version: 0,
  sequence: 0,
  min_riders_decision_at: null,
  min_riders_checked_at: null,
  min_riders_kept_at: null,
  poll_id: null,
  series_id: 's1',
  series_day: '2026-12-05',
  series_rule: JSON.stringify({ frequency: 'weekly', interval: 1, weekdays: ['SA'] }),
  group_name: 'Riders of Bologna',
  group_slug: 'riders-of-bologna',
  group_timezone_offset: 'UTC+01:00',
  group_timezone_name: 'Rome',
  group_timezone: 'Europe/Rome',
  group_approval: 0,
  group_creator_id: 'u1',
  viewer_is_member: 0,
  viewer_is_pending: 0,
  viewer_is_banned: 0,
  participants: [rider],
};

describe('RIDE_CARD_FORMAT', () => {
  it('changes whenever the shape of the cards the presenter makes changes', () => {
    const shape = shapeOf(presentRideCard(row, new Map([[rider.id, rider]]))).sort().join(' ');
    expect(shape, `the card's shape changed: raise RIDE_CARD_FORMAT (rides.presenter.ts) and record the new shape under it`).toBe(CARD_SHAPES[RIDE_CARD_FORMAT]);
  });
});
