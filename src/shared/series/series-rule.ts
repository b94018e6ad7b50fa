import { z } from 'zod';
import { isKnownZone } from '../timezones/zoned-time';
import { isCalendarDay } from '../dates/date-input';
import { SERIES_MESSAGES } from '../i18n/validation-messages';
import { WEEKDAYS, type Weekday } from './weekdays';

/*
 * A ride that repeats (issue 29, point 5): the rule of its days, computed on plain calendar days
 * ("2026-03-29") in the series' own zone. Each day the rule gives becomes its own ride; the one rule
 * of zoned-time.ts turns that day and the series' local time into the ride's instant, so 09:00
 * stays 09:00 across the change of season. Pure and isomorphic: the server makes the rides, the
 * Create Ride form shows the same label.
 */

export { WEEKDAYS, type Weekday };
const WEEKDAY_NAMES: Record<Weekday, string> = { SU: 'Sunday', MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday' };
/** 1 to 4 is the first to the fourth of the month, -1 its last. */
export const WEEK_OF_MONTH = [1, 2, 3, 4, -1] as const;
const WEEK_OF_MONTH_NAMES: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' };

/** The most rides one series is made for ("for a number of rides"). */
export const SERIES_COUNT_MAX = 520;
export const SERIES_INTERVAL_MAX = 12;


const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: "2027-02-31" is refused (Date.parse would roll it into March). */
const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A day every year can have, or February 29: "02-30" and "04-31" are none. */
const yearlyDay = z
  .string()
  .regex(MONTH_DAY, SERIES_MESSAGES.pause)
  .refine((md) => isCalendarDay(`2000-${md}`), SERIES_MESSAGES.pause);

/**
 * Weekly on chosen weekdays every `interval` weeks, or monthly every `interval` months on day
 * `monthDay` (months without that day are skipped, as RFC 5545 does) or on the `weekOfMonth`
 * `weekday` (first Sunday, last Friday); until a local day (included) or for `count` rides; with a
 * yearly `pause` (from "08-01" to "08-31": no rides in August; it may run over New Year).
 */
export const seriesRuleSchema = z
  .object({
    frequency: z.enum(['weekly', 'monthly']),
    interval: z.number().int().min(1).max(SERIES_INTERVAL_MAX).default(1),
    weekdays: z.array(z.enum(WEEKDAYS)).max(7).optional(),
    monthDay: z.number().int().min(1).max(31).optional(),
    weekOfMonth: z.union(WEEK_OF_MONTH.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<-1>]).optional(),
    weekday: z.enum(WEEKDAYS).optional(),
    until: z.string().regex(DAY, SERIES_MESSAGES.until).nullable().optional(),
    count: z.number().int().min(1).max(SERIES_COUNT_MAX).nullable().optional(),
    pause: z.object({ from: yearlyDay, until: yearlyDay }).nullable().optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.frequency === 'weekly' && !rule.weekdays?.length) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: SERIES_MESSAGES.weekdays });
    const byDay = rule.monthDay !== undefined;
    const byWeekday = rule.weekOfMonth !== undefined && rule.weekday !== undefined;
    if (rule.frequency === 'monthly' && byDay === byWeekday) ctx.addIssue({ code: 'custom', path: ['monthDay'], message: SERIES_MESSAGES.monthly });
    if (rule.until && rule.count) ctx.addIssue({ code: 'custom', path: ['count'], message: SERIES_MESSAGES.untilAndCount });
    if (rule.until && !isCalendarDay(rule.until)) ctx.addIssue({ code: 'custom', path: ['until'], message: SERIES_MESSAGES.until });
  });
export type SeriesRule = z.infer<typeof seriesRuleSchema>;
export type SeriesRuleInput = z.input<typeof seriesRuleSchema>;

/** Create Ride's "Repeats": the rule, and the IANA zone its days and the ride's local time are read in. */
export const repeatsSchema = z.object({
  rule: seriesRuleSchema,
  timezone: z.string({ error: SERIES_MESSAGES.timezone }).max(64).refine(isKnownZone, SERIES_MESSAGES.timezone),
});
export type RepeatsInput = z.infer<typeof repeatsSchema>;

/**
 * What a ride of a series says of it (cards and the ride page: "Every Sunday", with a link to the
 * series): the English label, and the rule the web reads it from in the rider's language.
 */
export const rideSeriesSchema = z.object({
  id: z.string(),
  label: z.string(),
  rule: seriesRuleSchema,
  /** The rule's day this ride stands for (its start may have been moved by an edit of this ride alone). */
  day: z.string(),
});
export type RideSeries = z.infer<typeof rideSeriesSchema>;

/** GET /api/series/{id}: the series, its upcoming rides' ids and whether the viewer rides every one. */
export const seriesSchema = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string(),
  groupId: z.string(),
  /** Its group, named and linked on the series' page. */
  group: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  timezone: z.string(),
  startTime: z.string(),
  firstDay: z.string(),
  rule: seriesRuleSchema,
  ended: z.boolean(),
  ridesEverySeries: z.boolean(),
  upcoming: z.array(z.object({ id: z.string(), slug: z.string(), day: z.string(), startDate: z.string(), status: z.string() })),
});
export type Series = z.infer<typeof seriesSchema>;

// ---------------------------------------------------------------- days

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "2026-03-29" plus `n` days. */
export function addDays(day: string, n: number): string {
  return dayOf(dayMs(day) + n * DAY_MS);
}

/** Weeks start on Monday (RFC 5545's default WKST), so "every 2 weeks" counts weeks as calendars do. */
function weekIndex(ms: number): number {
  // 1970-01-05 was a Monday.
  return Math.floor((ms - Date.UTC(1970, 0, 5)) / (7 * DAY_MS));
}

function inPause(day: string, pause: SeriesRule['pause']): boolean {
  if (!pause) return false;
  const md = day.slice(5);
  return pause.from <= pause.until ? md >= pause.from && md <= pause.until : md >= pause.from || md <= pause.until;
}

function matches(rule: SeriesRule, first: Date, ms: number): boolean {
  const date = new Date(ms);
  const weekday = WEEKDAYS[date.getUTCDay()]!;
  if (rule.frequency === 'weekly') {
    return (rule.weekdays ?? []).includes(weekday) && (weekIndex(ms) - weekIndex(first.getTime())) % rule.interval === 0;
  }
  const months = (date.getUTCFullYear() - first.getUTCFullYear()) * 12 + date.getUTCMonth() - first.getUTCMonth();
  if (months % rule.interval !== 0) return false;
  if (rule.monthDay !== undefined) return date.getUTCDate() === rule.monthDay;
  if (weekday !== rule.weekday) return false;
  const nth = Math.ceil(date.getUTCDate() / 7);
  const last = new Date(ms + 7 * DAY_MS).getUTCMonth() !== date.getUTCMonth();
  return rule.weekOfMonth === -1 ? last : nth === rule.weekOfMonth;
}

/**
 * The rule's local days from `firstDay` on, within `from` to `to` (both included). The count
 * counts rides from the first day, so the days before `from` are walked too (a day a time: a
 * series of years is a few thousand steps). Days in the pause are no rides and do not count.
 */
export function seriesDays(rule: SeriesRule, firstDay: string, from: string, to: string): string[] {
  const first = new Date(dayMs(firstDay));
  const last = rule.until && rule.until < to ? rule.until : to;
  const days: string[] = [];
  let made = 0;
  for (let ms = first.getTime(), end = dayMs(last); ms <= end; ms += DAY_MS) {
    if (!matches(rule, first, ms)) continue;
    const day = dayOf(ms);
    if (inPause(day, rule.pause)) continue;
    made++;
    if (rule.count && made > rule.count) break;
    if (day >= from) days.push(day);
  }
  return days;
}

/** How many rides the rule gives before `day` (for a count carried over to a series started again there). */
export function ridesBefore(rule: SeriesRule, firstDay: string, day: string): number {
  return day <= firstDay ? 0 : seriesDays({ ...rule, count: null }, firstDay, firstDay, addDays(day, -1)).length;
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Every Sunday", "Every 2 weeks on Saturday and Sunday", "Monthly on the first Sunday", "Every 3 months on day 15". */
export function seriesLabel(rule: SeriesRuleInput): string {
  const interval = rule.interval ?? 1;
  if (rule.frequency === 'weekly') {
    const days = list(WEEKDAYS.filter((d) => rule.weekdays?.includes(d)).map((d) => WEEKDAY_NAMES[d]));
    return interval === 1 ? `Every ${days}` : `Every ${interval} weeks on ${days}`;
  }
  const on = rule.monthDay !== undefined ? `day ${rule.monthDay}` : `the ${WEEK_OF_MONTH_NAMES[String(rule.weekOfMonth)]} ${rule.weekday ? WEEKDAY_NAMES[rule.weekday] : ''}`;
  return interval === 1 ? `Monthly on ${on}` : `Every ${interval} months on ${on}`;
}
