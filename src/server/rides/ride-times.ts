import { localDay, zonedDateTimeToIso } from '../../shared/rides/ride-time';
import { wallClockOnOffset } from '../../shared/timezones/zoned-time';
import { ambiguousNotice, placeSentTime } from '../platform/time-zones';
import type { Ride } from '../../shared/rides/ride';

/** The instants a create or edit sends, and the spec's offset they were read on. */
interface SentTimes {
  startDate?: string | undefined;
  endDate?: string | undefined;
  minRidersDecisionAt?: string | null | undefined;
  timezoneOffset?: string | undefined;
}

/**
 * A ride's times as sent, made exact in the ride's zone (issue 29): each instant sent with the
 * spec's `timezoneOffset` is the wall-clock time the rider typed, placed in `zone` (a nonexistent
 * one refused, platform/time-zones.ts). The end is a day: that day's midnight in the zone, which
 * rideEndInstant turns into its end. Fields not sent stay unsent. `notice` says when the start was
 * a time the zone has twice that night.
 */
export function placeRideTimes(sent: SentTimes, zone: string): { times: { startDate?: string; endDate?: string; minRidersDecisionAt?: string | null }; notice?: Ride['notice'] } {
  const times: { startDate?: string; endDate?: string; minRidersDecisionAt?: string | null } = {};
  let notice: Ride['notice'];
  if (sent.startDate !== undefined) {
    const start = placeSentTime(sent.startDate, sent.timezoneOffset, zone, 'startDate');
    times.startDate = start.iso;
    if (start.ambiguous) {
      const shown = sent.timezoneOffset ? wallClockOnOffset(sent.startDate, sent.timezoneOffset) : { day: localDay(start.iso, zone), time: '' };
      notice = ambiguousNotice(start.iso, zone, shown.day, shown.time);
    }
  }
  if (sent.endDate !== undefined) {
    times.endDate = sent.timezoneOffset ? zonedDateTimeToIso(wallClockOnOffset(sent.endDate, sent.timezoneOffset).day, '00:00', zone) : new Date(sent.endDate).toISOString();
  }
  if (sent.minRidersDecisionAt !== undefined) {
    times.minRidersDecisionAt = sent.minRidersDecisionAt === null ? null : placeSentTime(sent.minRidersDecisionAt, sent.timezoneOffset, zone, 'minRidersDecisionAt').iso;
  }
  return notice ? { times, notice } : { times };
}
