import crypto from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AppContext } from '../context';
import { enforceCalendarFeedLimit } from '../limits/write-limits';
import { nowIso } from '../db/database';
import { notFound } from '../platform/errors';
import { hashToken } from '../platform/tokens';
import { rideStops, type RideStop } from '../../shared/rides/ride';
import type { CalendarFeed, CalendarFeedUpdate, CalendarScope } from '../../shared/calendar/calendar-feed';
import { getRide, parseWaypoints } from '../rides/rides.service';
import { knownRouteSeconds } from '../routing/routing.service';
import { calendarRepository, type CalendarFeedRow, type CalendarRideRow } from './calendar.repository';
import { eventEnd } from './event-end';
import type { I18n } from '@lingui/core';
import { i18nFor, i18nOfUserId } from '../i18n/i18n.service';

/** A feed keeps rides for 30 days after they end, so last week's ride does not vanish from the calendar. */
const KEPT_AFTER_END_MS = 30 * 86_400_000;
/** The most rides one feed lists (a rider in many busy groups): the soonest first. */
const FEED_MAX_RIDES = 500;

/** The feed's address: `{PUBLIC_URL}/api/calendar/{token}.ics`, read without a session. */
function feedUrl(ctx: Pick<AppContext, 'config'>, row: CalendarFeedRow): string {
  return `${ctx.config.publicUrl}/api/calendar/${row.token}.ics`;
}

function present(ctx: Pick<AppContext, 'config'>, row: CalendarFeedRow): CalendarFeed {
  return { url: feedUrl(ctx, row), scope: row.scope as CalendarScope };
}

function newSecret(): { token: string; token_hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, token_hash: hashToken(token) };
}

async function feedOf(ctx: AppContext, userId: string): Promise<CalendarFeedRow> {
  const existing = await calendarRepository.findBy(ctx.db, 'user_id', userId);
  if (existing) return existing;
  await calendarRepository.insertUnlessExists(ctx.db, { user_id: userId, ...newSecret(), scope: 'groups', created_at: nowIso() });
  return (await calendarRepository.findBy(ctx.db, 'user_id', userId))!;
}

/** GET /api/users/current/calendar: the rider's feed, made on the first call; the same address after. */
export async function getCalendarFeed(ctx: AppContext, userId: string): Promise<CalendarFeed> {
  return present(ctx, await feedOf(ctx, userId));
}

/** POST /api/users/current/calendar: `reset` gives a new address (the old one answers 404 from now on); `scope` what it lists. */
export async function updateCalendarFeed(ctx: AppContext, userId: string, input: CalendarFeedUpdate): Promise<CalendarFeed> {
  await feedOf(ctx, userId);
  await calendarRepository.update(ctx.db, userId, { ...(input.reset && newSecret()), ...(input.scope && { scope: input.scope }) });
  return present(ctx, (await calendarRepository.findBy(ctx.db, 'user_id', userId))!);
}

/**
 * The account's other sessions are ended, in the same transaction `db` (a newly confirmed address
 * in auth.service verifyMagicLink, "Sign out other devices" in sessions.service): the feed's
 * address stops working with them, since the feed needs no session and whoever was put out (a
 * guest who asked for someone else's address, someone who got in through the old mailbox, a lost
 * phone) would otherwise keep reading the rider's rides. The rider subscribes again with the new
 * address shown in Preferences, which this answers; null, and no feed made, for an account without one.
 */
export async function replaceFeedAddress(ctx: Pick<AppContext, 'config'>, db: Kysely<Database> | Transaction<Database>, userId: string): Promise<CalendarFeed | null> {
  await calendarRepository.update(db, userId, newSecret());
  const row = await calendarRepository.findBy(db, 'user_id', userId);
  return row ? present(ctx, row) : null;
}

const STATUS: Record<string, ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  pending: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * Text fit for a calendar: control characters out (RFC 5545 allows none in TEXT but the tab; a
 * bell or escape character makes strict readers drop the event), line breaks kept as lines.
 */
function calendarSafe(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

/**
 * NAME and X-WR-CALNAME as TEXT values: ical-generator writes the calendar's name as given, so its
 * backslashes, commas, semicolons and line breaks are escaped here (an unescaped comma makes a
 * strict reader see a list of names).
 */
function calendarNameValue(name: string): string {
  return calendarSafe(name)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

function stopsOf(ride: CalendarRideRow) {
  return rideStops({
    startLocation: ride.start_location,
    startLatitude: ride.start_latitude,
    startLongitude: ride.start_longitude,
    midpointLocation: ride.midpoint_location,
    midpointLatitude: ride.midpoint_latitude,
    midpointLongitude: ride.midpoint_longitude,
    waypoints: parseWaypoints(ride.waypoints),
    endLocation: ride.end_location,
    endLatitude: ride.end_latitude,
    endLongitude: ride.end_longitude,
  });
}

/** The stops in order, one a line, then the ride's description. */
function descriptionOf(i18n: I18n, ride: CalendarRideRow, stops: RideStop[]): string {
  const lines = [i18n._(/*i18n*/ { id: 'calendar.event.stops', message: 'Stops:' }), ...stops.map((s, i) => `${i + 1}. ${s.name}`)];
  if (ride.description) lines.push('', ride.description);
  return calendarSafe(lines.join('\n'));
}

/**
 * One VEVENT per ride (RFC 5545): the UID never changes, SEQUENCE is the ride's edit count
 * (rides.sequence) so calendars replace their copy when it rises, times in UTC, STATUS:CANCELLED
 * once the ride is cancelled (kept in the feed, so calendars strike it through rather than
 * silently dropping it) and its title starting with "Cancelled: " (Outlook ignores the status). Its
 * words (that prefix, "Stops:", the feed's name) in the reader's language: the feed's rider's, the
 * viewer's, the mail's recipient's.
 * DTEND is the ride's expected end (eventEnd). The file ends with CRLF like every line in it.
 */
async function calendarText(ctx: AppContext, i18n: I18n, name: string, rides: CalendarRideRow[], method = ICalCalendarMethod.PUBLISH): Promise<string> {
  const host = new URL(ctx.config.publicUrl).host;
  const stops = rides.map(stopsOf);
  // The road's riding time where the router already gave it (the ride page asked for it): the placed stops, as the road was asked.
  const placed = stops.map((list) => list.flatMap((s) => (s.latitude === null || s.longitude === null ? [] : [{ lat: s.latitude, lon: s.longitude }])));
  const routeSeconds = await knownRouteSeconds(ctx, placed);
  const calendar = ical({ name: calendarNameValue(name), prodId: { company: ctx.config.appName, product: 'rides', language: 'EN' }, method, ttl: 3600 });
  rides.forEach((ride, i) => {
    calendar.createEvent({
      id: `ride-${ride.id}@${host}`,
      sequence: Number(ride.sequence),
      start: new Date(ride.start_date),
      end: eventEnd({ start: ride.start_date, duration: ride.duration, end: ride.end_date, routeSeconds: routeSeconds[i]!, stopOvers: Math.max(0, stops[i]!.length - 2) }),
      stamp: new Date(),
      created: new Date(ride.created_at),
      summary: calendarSafe(ride.status === 'cancelled' ? i18n._(/*i18n*/ { id: 'calendar.event.cancelled', message: 'Cancelled: {ride}', values: { ride: ride.name } }) : ride.name),
      location: calendarSafe(ride.start_location),
      description: descriptionOf(i18n, ride, stops[i]!),
      url: `${ctx.config.publicUrl}/rides/${ride.id}`,
      status: STATUS[ride.status] ?? ICalEventStatus.CONFIRMED,
    });
  });
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** GET /api/calendar/{token}.ics: the feed, for whoever holds its address (no session needed); 404 for an unknown or replaced one. */
export async function readCalendarFeed(ctx: AppContext, request: FastifyRequest, token: string): Promise<string> {
  const tokenHash = hashToken(token);
  const feed = await calendarRepository.findBy(ctx.db, 'token_hash', tokenHash);
  await enforceCalendarFeedLimit(ctx, request, feed ? tokenHash : null);
  if (!feed) throw notFound('calendar_not_found');
  const since = new Date(Date.now() - KEPT_AFTER_END_MS).toISOString();
  const rides = await calendarRepository.feedRides(ctx.db, feed.user_id, feed.scope, since, FEED_MAX_RIDES);
  const i18n = await i18nOfUserId(ctx.db, feed.user_id);
  return await calendarText(ctx, i18n, i18n._(/*i18n*/ { id: 'calendar.feed.name', message: '{app} rides', values: { app: ctx.config.appName } }), rides);
}

/** GET /api/rides/{id}/calendar.ics: one ride, for whoever may see it (read as its page reads it). */
export async function rideCalendar(ctx: AppContext, viewerId: string | null, rideId: string): Promise<{ slug: string; text: string }> {
  const ride = await getRide(ctx, viewerId, rideId);
  const row = await calendarRepository.oneRide(ctx.db, ride.id);
  if (!row) throw notFound('ride_not_found');
  return { slug: ride.slug, text: await calendarText(ctx, viewerId ? await i18nOfUserId(ctx.db, viewerId) : await i18nFor(null), ride.name, [row]) };
}

/**
 * One ride as an invitation for a mail (issue 30 point 4): METHOD:REQUEST, or CANCEL once it is
 * cancelled, with the feed's UID and SEQUENCE, so the rider's calendar takes the change at once
 * instead of at its next refresh of the feed. Null for a ride deleted meanwhile.
 */
/** `i18n`: the recipient's language. */
export async function rideInvitation(ctx: AppContext, i18n: I18n, rideId: string): Promise<{ method: 'REQUEST' | 'CANCEL'; text: string } | null> {
  const row = await calendarRepository.oneRide(ctx.db, rideId);
  if (!row) return null;
  const method = row.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  return { method: row.status === 'cancelled' ? 'CANCEL' : 'REQUEST', text: await calendarText(ctx, i18n, row.name, [row], method) };
}
