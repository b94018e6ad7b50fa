import type { MessageDescriptor } from '@lingui/core';

/*
 * What the server decided about a ride's times sent (the `notice` of a create or edit answer): a
 * code, its parameters as data (the zone, the local time, the day as ISO, the offset taken) and the
 * English `message` for API users. The web writes it in the rider's language from the parameters
 * (its day through error-values.ts' `utcDay` format). Free of zod: only types and a descriptor.
 */

/** A local time the zone has twice that night (the autumn hour): the first was taken. */
export const AMBIGUOUS_LOCAL_TIME: MessageDescriptor = /*i18n*/ { id: 'rides.notice.ambiguous_local_time', message: '{time} happens twice in {zone} on {day, date, utcDay} (the clocks go back that night); the first, {offset}, was taken.' };

/** A type, not an interface: it is a record of texts for the message. */
export type AmbiguousLocalTimeParams = {
  time: string;
  zone: string;
  /** The calendar day, ISO ("2026-10-25"). */
  day: string;
  /** The offset the time was taken on ("UTC+02:00"). */
  offset: string;
};
