import { seriesLabel, seriesRuleSchema, type RideSeries } from '../../shared/series/series-rule';
import { waitlistPromotes, type Ride, type RideComment, type RidePerson, type Waypoint } from '../../shared/rides/ride';
import { canDecideMinimum, maySeeRiders, minimumDecision, rideAbilities, rideFacts, rideMediaViewer, rideViewer, waitlistAbilities, type RideStandingColumns } from './rides.policy';
import type { RideRow } from './rides.repository';
import { canAddRideMedia } from '../media/media.policy';
import { toBool, toNumberOrNull } from '../db/database';
import { zoneOffsetLabel } from '../../shared/timezones/zoned-time';

/**
 * The stored waypoints. Rides saved before waypoints could lack a position stored an unplaced one at
 * 0,0: that is read as "not on the map" (null), as the ride's other stops are.
 */
export function parseWaypoints(json: string): Waypoint[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return (value as Waypoint[]).map((w) =>
      typeof w.latitude !== 'number' || typeof w.longitude !== 'number' || (w.latitude === 0 && w.longitude === 0)
        ? { name: w.name, latitude: null, longitude: null }
        : w,
    );
  } catch {
    return [];
  }
}

/** A ride as every viewer sees it: all of the API form but what depends on who asks. */
export type RideCard = Omit<Ride, keyof RideViewerFields>;
export type RideViewerFields = Pick<Ride, 'isParticipant' | 'ridersHidden' | 'abilities'>;

/** `people` holds at least the owner and the navigator (ride-cards.ts `peopleOf` fills it). */
export function presentRide(row: RideRow, viewerId: string | null, people: Map<string, RidePerson>): Ride {
  const seats = { isParticipant: viewerId !== null && row.participants.some((p) => p.id === viewerId), participantCount: row.participants.length };
  const viewerFields = presentViewerFields(row, viewerId, seats);
  const card = presentRideCard(row, people);
  return { ...(viewerFields.ridersHidden ? withoutRiders(card) : card), ...viewerFields };
}

/**
 * A card as a viewer who may not see who rides gets it (rides.policy maySeeRiders): the count and
 * the owner stay, the participants and the navigator go. A card is kept once for every viewer
 * (ride-cards.ts), so this is applied to each answer, never to the card that is kept.
 */
export function withoutRiders<C extends Pick<RideCard, 'participants' | 'navigator'>>(card: C): C {
  return { ...card, participants: [], navigator: null };
}

/**
 * The format of the cards presentRideCard makes, kept with each stored card (ride-cards.ts). Raise
 * it whenever what presentRideCard returns, or how a card is written, changes: cards of another
 * format are built again. 2: cards are written in ASCII (asciiJson). 3: `series` and named zones
 * (`timezone`, offsets derived for the ride's start) (issue 29). 4: the series' `rule` (its repeat in
 * the rider's language, issue 31).
 */
export const RIDE_CARD_FORMAT = 4;

export function presentRideCard(row: RideRow, people: Map<string, RidePerson>): RideCard {
  const participantCount = row.participants.length;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    duration: row.duration,
    startLocation: row.start_location,
    startLatitude: toNumberOrNull(row.start_latitude),
    startLongitude: toNumberOrNull(row.start_longitude),
    midpointLocation: row.midpoint_location,
    midpointLatitude: toNumberOrNull(row.midpoint_latitude),
    midpointLongitude: toNumberOrNull(row.midpoint_longitude),
    endLocation: row.end_location,
    endLatitude: toNumberOrNull(row.end_latitude),
    endLongitude: toNumberOrNull(row.end_longitude),
    waypoints: parseWaypoints(row.waypoints),
    totalDistanceKm: toNumberOrNull(row.total_distance_km),
    participantCount,
    participants: row.participants,
    minRiders: row.min_riders,
    maxRiders: row.max_riders,
    // The spec's offset of the ride's own date: a July ride in Rome says UTC+02:00.
    timezoneOffset: zoneOffsetLabel(row.timezone, row.start_date),
    timezoneName: row.timezone_name,
    timezone: row.timezone,
    ownerId: row.owner_id,
    owner: people.get(row.owner_id) ?? { id: row.owner_id, userId: 'unknown', profileImageUrl: null },
    navigator: row.navigator_id ? (people.get(row.navigator_id) ?? null) : null,
    group:
      row.group_id && row.group_name && row.group_slug
        ? {
            id: row.group_id,
            name: row.group_name,
            slug: row.group_slug,
            timezoneOffset: zoneOffsetLabel(row.group_timezone ?? 'UTC', row.start_date),
            timezoneName: row.group_timezone_name ?? 'UTC',
            timezone: row.group_timezone ?? 'UTC',
          }
        : null,
    groupId: row.group_id,
    slug: row.slug,
    groupSlug: row.group_slug,
    isFull: participantCount >= row.max_riders,
    createdAt: row.created_at,
    series: presentSeriesOfRide(row),
  };
}

/** "Every Sunday" and the series' id, for a ride of a series; a rule that no longer reads (never written so) says nothing. */
function presentSeriesOfRide(row: Pick<RideRow, 'series_id' | 'series_day' | 'series_rule'>): RideSeries | null {
  if (!row.series_id || !row.series_day || !row.series_rule) return null;
  const rule = seriesRuleSchema.safeParse(JSON.parse(row.series_rule));
  return rule.success ? { id: row.series_id, label: seriesLabel(rule.data), rule: rule.data, day: row.series_day } : null;
}

export function presentViewerFields(row: RideStandingColumns, viewerId: string | null, seats: { isParticipant: boolean; participantCount: number }): RideViewerFields {
  const viewer = rideViewer(row, viewerId, seats.isParticipant);
  return {
    isParticipant: seats.isParticipant,
    ridersHidden: !maySeeRiders(viewer, toBool(row.group_approval)),
    abilities: rideAbilities(viewer, rideFacts(row, seats.participantCount)),
  };
}

/**
 * A ride's own JSON: the ride as lists show it, with its waitlist and minimum riders decision as
 * the viewer sees them. Join is withheld from a rider who would take a free seat ahead of riders
 * waiting for it (waitlistAbilities).
 */
export function presentRideDetail(row: RideRow, viewerId: string | null, people: Map<string, RidePerson>, standing: { count: number; position: number | null }, now = Date.now()): Ride {
  const ride = presentRide(row, viewerId, people);
  const viewer = rideViewer(row, viewerId, ride.isParticipant);
  const waitlist = waitlistAbilities(viewer, { ...rideFacts(row, ride.participantCount), promotes: waitlistPromotes(row.start_date, now) }, standing);
  const minRidersDecision = minimumDecision(row, now);
  return {
    ...ride,
    abilities: {
      ...ride.abilities,
      join: ride.abilities.join && !waitlist.queueAhead,
      joinWaitlist: waitlist.joinWaitlist,
      leaveWaitlist: waitlist.leaveWaitlist,
      decideMinimum: canDecideMinimum(viewer, minRidersDecision),
      addMedia: canAddRideMedia(rideMediaViewer(viewer)),
    },
    waitlist: standing,
    minRidersDecision,
  };
}

export function presentComment(row: { id: string; content: string; created_at: string; user_pk: string; handle: string; profile_image_url: string | null }): RideComment {
  return { id: row.id, content: row.content, createdAt: row.created_at, user: { id: row.user_pk, userId: row.handle, profileImageUrl: row.profile_image_url } };
}
