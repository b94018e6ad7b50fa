import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { hashIp } from '../auth/link-rate-limits.service';
import { readSessionToken } from '../auth/session-cookie';
import { hashToken } from '../platform/tokens';
import { isApiRequest } from '../platform/api-request';
import { tooManyRequests } from '../platform/errors';
import { writeCountersRepository } from './write-counters';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Activity-log entries (POST /api/events) per hour: a rider's welcome actions are a handful. */
export const EVENTS_PER_SESSION_PER_HOUR = 60;
export const EVENTS_PER_ADDRESS_PER_HOUR = 600;
/**
 * Guests made by GET /api/users/current for browsers without a session, per client address and
 * hour: that read writes an account and a session, so without a bound a script that drops its
 * cookies could fill the disk. Far above a club meeting on one Wi-Fi.
 */
export const NEW_GUESTS_PER_ADDRESS_PER_HOUR = 1000;

interface Counted {
  key: string;
  limit: number;
}

/**
 * Counts one request against each limit in the current fixed window; 429 with Retry-After (the
 * end of the window) when any count is past its limit. The refused request is counted too, so a
 * client hammering through the 429s stays refused until the window ends.
 */
type WriteLimitCode = 'too_many_changes' | 'too_many_activity_events' | 'too_many_new_visitors' | 'calendar_read_too_often' | 'too_many_route_lookups' | 'too_many_preview_pictures';

async function count(ctx: AppContext, counted: Counted[], windowMs: number, code: WriteLimitCode): Promise<void> {
  const now = Date.now();
  const windowStart = now - (now % windowMs);
  const counts = await writeCountersRepository.bump(ctx.db, ctx.engine, counted.map((c) => c.key), new Date(windowStart).toISOString());
  if (counted.some((c) => (counts.get(c.key) ?? 0) > c.limit)) {
    throw tooManyRequests(code, (windowStart + windowMs - now) / 1000);
  }
}

/** The counters' keys for this request's session (when it has a valid one) and client address. */
function keys(request: FastifyRequest, prefix: string): { session: string | null; address: string } {
  const token = readSessionToken(request);
  return {
    session: token && request.userId ? `${prefix}:s:${hashToken(token)}` : null,
    address: `${prefix}:a:${hashIp(request.ip)}`,
  };
}

export function isWrite(request: FastifyRequest): boolean {
  return WRITE_METHODS.has(request.method) && isApiRequest(request);
}

/** The general write limit (POST/PUT/PATCH/DELETE under /api), per session and per client address, per minute. */
export async function enforceWriteLimit(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { session, address } = keys(request, 'w');
  const counted: Counted[] = [{ key: address, limit: ctx.config.writeLimitPerAddress }];
  if (session) counted.push({ key: session, limit: ctx.config.writeLimitPerSession });
  await count(ctx, counted, MINUTE_MS, 'too_many_changes');
}

/** POST /api/events: how many activity-log entries one session and one address may write per hour. */
export async function enforceEventLimit(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { session, address } = keys(request, 'e');
  const counted: Counted[] = [{ key: address, limit: EVENTS_PER_ADDRESS_PER_HOUR }];
  if (session) counted.push({ key: session, limit: EVENTS_PER_SESSION_PER_HOUR });
  await count(ctx, counted, HOUR_MS, 'too_many_activity_events');
}

/** GET /api/users/current without a session: how many guests one client address may make per hour. */
export async function enforceNewGuestLimit(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const { address } = keys(request, 'g');
  await count(ctx, [{ key: address, limit: NEW_GUESTS_PER_ADDRESS_PER_HOUR }], HOUR_MS, 'too_many_new_visitors');
}

/**
 * Calendar feed reads (GET /api/calendar/{token}.ics): a calendar polls a feed every few minutes
 * to hours, so one feed may be read 120 times an hour. Counted per feed, not per address: Google
 * and Apple fetch every subscriber's feed from a few shared addresses. Reads with an unknown token
 * are counted per address (600 an hour), which bounds guessing, hopeless as it is against 256 bits.
 */
export const CALENDAR_READS_PER_FEED_PER_HOUR = 120;
export const CALENDAR_MISSES_PER_ADDRESS_PER_HOUR = 600;

export async function enforceCalendarFeedLimit(ctx: AppContext, request: FastifyRequest, feedTokenHash: string | null): Promise<void> {
  const code = 'calendar_read_too_often';
  if (feedTokenHash) await count(ctx, [{ key: `c:f:${feedTokenHash}`, limit: CALENDAR_READS_PER_FEED_PER_HOUR }], HOUR_MS, code);
  else await count(ctx, [{ key: keys(request, 'c').address, limit: CALENDAR_MISSES_PER_ADDRESS_PER_HOUR }], HOUR_MS, code);
}

/**
 * GET /api/route asks ROUTER_URL for every set of stops it has not cached, and keeps the answer
 * (a whole road, up to megabytes): so a cache miss is a write and an outside request that any
 * visitor, without a session, could otherwise repeat with new coordinates without end. Misses are
 * counted per client address and hour; a rider planning a ride moves stops a few dozen times.
 */
export const ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR = 600;

export async function enforceRouterLookupLimit(ctx: AppContext, request: FastifyRequest): Promise<void> {
  await count(ctx, [{ key: keys(request, 'r').address, limit: ROUTER_LOOKUPS_PER_ADDRESS_PER_HOUR }], HOUR_MS, 'too_many_route_lookups');
}

/**
 * Link preview pictures (GET /og/..., previews/picture-cache.ts) are drawn once per version and kept;
 * a picture not yet kept costs about 0.15 s of CPU. Drawing is counted per client address and for
 * the whole installation per minute, so a flood of new versions (routes changed again and again,
 * many rides at once) is refused with 429 instead of taking the CPU; a kept picture is never counted.
 * Chat apps fetch a shared link's picture once, from a few addresses.
 */
export const PREVIEW_DRAWS_PER_ADDRESS_PER_MINUTE = 30;
export const PREVIEW_DRAWS_PER_MINUTE = 240;

export async function enforcePreviewDrawLimit(ctx: AppContext, request: FastifyRequest): Promise<void> {
  await count(
    ctx,
    [
      { key: keys(request, 'p').address, limit: PREVIEW_DRAWS_PER_ADDRESS_PER_MINUTE },
      { key: 'p:all', limit: PREVIEW_DRAWS_PER_MINUTE },
    ],
    MINUTE_MS,
    'too_many_preview_pictures',
  );
}
