/*
 * A refusal's or a notice's parameters are data, not words (issue 31 point 7): a calendar day is sent
 * as ISO ("2026-03-29"), a size as a number (`limitBytes`, and `limitMb` for the message). The message
 * formats them itself, with ICU's `number` and `date`: `{limitMb, number} MB`, `{day, date, utcDay}`.
 * The server writes its English `message` so ("1,000 MB", "Mar 29, 2026", word for word as before),
 * the web the rider's language ("20.000 MB", "29 mar 2026"), both passing these formats to Lingui.
 * `utcDay` reads the ISO day as the calendar day it is, whatever the clock's zone. Free of zod and of
 * code: the web's first load carries it.
 */
export const MESSAGE_FORMATS = { utcDay: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } } as const;
