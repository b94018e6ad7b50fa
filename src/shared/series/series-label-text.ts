import type { I18n, MessageDescriptor } from '@lingui/core';
import type { SeriesRuleInput } from './series-rule';
import { WEEKDAYS, type Weekday } from './weekdays';

/*
 * A series' repeat ("Every Sunday", "Monthly on the first Sunday") in the reader's language, from its
 * rule (issue 31): the server's `label` stays the English for API users. The web shows it on rides
 * and series and in the notification list (loaded apart from the first load), the server writes it into the mails and pushes of
 * `ride_created` and `series_handed_over` in the recipient's language: those notifications store the
 * rule (`repeatCode`, worded by `withRepeatWords`), never its English. The weekday is a select argument wherever a language makes
 * its words agree with the day ("la prima domenica", "il primo lunedì"; "pierwsza niedziela",
 * "pierwszy poniedziałek"; "primeiro domingo", "primeira segunda-feira"), and the number of weeks or
 * months a plural.
 *
 * No zod here (types only): the web loads this module lazily, with a screen that shows a repeat.
 */

const EVERY_WEEKDAY: MessageDescriptor = /*i18n*/ { id: 'series.repeat.every_weekday', message: 'Every {weekday, select, SU {Sunday} MO {Monday} TU {Tuesday} WE {Wednesday} TH {Thursday} FR {Friday} other {Saturday}}', comment: 'A ride every week on one weekday. weekday is SU, MO, TU, WE, TH, FR or SA.' };

const WEEKLY: MessageDescriptor = /*i18n*/ { id: 'series.repeat.weekly', message: '{interval, plural, one {Every {days}} other {Every # weeks on {days}}}', comment: 'A ride every week or every few weeks on these weekdays. days is a list of weekday names ("Saturday and Sunday").' };

const MONTHLY_ON_DAY: MessageDescriptor = /*i18n*/ { id: 'series.repeat.monthly_on_day', message: '{interval, plural, one {Monthly on day {monthDay}} other {Every # months on day {monthDay}}}', comment: 'A ride every month or every few months on this day of the month (1 to 31).' };

const MONTHLY_ON_WEEKDAY: MessageDescriptor = /*i18n*/ { id: 'series.repeat.monthly_on_weekday', message: '{interval, plural, one {Monthly on {which}} other {Every # months on {which}}}', comment: 'A ride every month or every few months on one weekday of the month. which is "the first Sunday", "the last Friday"...' };

/**
 * Which weekday of the month, with its day: `day` is the weekday's name, `weekday` its code (SU, MO,
 * TU, WE, TH, FR, SA) to make the words agree with the day.
 */
const WHICH_WEEKDAY: Record<string, MessageDescriptor> = {
  '1': /*i18n*/ { id: 'series.repeat.which.first', message: '{weekday, select, other {the first {day}}}', comment: 'The first weekday of a month ("the first Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.' },
  '2': /*i18n*/ { id: 'series.repeat.which.second', message: '{weekday, select, other {the second {day}}}', comment: 'The second weekday of a month ("the second Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.' },
  '3': /*i18n*/ { id: 'series.repeat.which.third', message: '{weekday, select, other {the third {day}}}', comment: 'The third weekday of a month ("the third Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.' },
  '4': /*i18n*/ { id: 'series.repeat.which.fourth', message: '{weekday, select, other {the fourth {day}}}', comment: 'The fourth weekday of a month ("the fourth Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.' },
  '-1': /*i18n*/ { id: 'series.repeat.which.last', message: '{weekday, select, other {the last {day}}}', comment: 'The last weekday of a month ("the last Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.' },
};

/** The locale names are written in: the I18n's formatting locale (the language with a region), else its language; the pseudo-language's is English. */
function nameLocaleOf(i18n: I18n): string {
  const locale = i18n.locales?.[0] ?? i18n.locale;
  return locale === 'en-XA' ? 'en' : locale;
}

/** A weekday's name in the language, as a sentence uses it ("domenica", "Sonntag"): 2023-01-01 was a Sunday. */
function weekdayName(i18n: I18n, weekday: Weekday): string {
  return new Intl.DateTimeFormat(nameLocaleOf(i18n), { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(weekday)));
}

/** A descriptor with its values, not spread inline into i18n._ (the extractor reads only literal descriptors there). */
export function say(i18n: I18n, descriptor: MessageDescriptor, values: Record<string, string | number>): string {
  const withValues: MessageDescriptor = { ...descriptor, values };
  return i18n._(withValues);
}

/** The repeat of a series in the language of `i18n`, from its rule. */
export function seriesLabelText(i18n: I18n, rule: SeriesRuleInput): string {
  const interval = rule.interval ?? 1;
  if (rule.frequency === 'weekly') {
    const days = WEEKDAYS.filter((d) => rule.weekdays?.includes(d));
    if (interval === 1 && days.length === 1) return say(i18n, EVERY_WEEKDAY, { weekday: days[0]! });
    const list = new Intl.ListFormat(nameLocaleOf(i18n), { type: 'conjunction' }).format(days.map((d) => weekdayName(i18n, d)));
    return say(i18n, WEEKLY, { interval, days: list });
  }
  if (rule.monthDay !== undefined || !rule.weekday) return say(i18n, MONTHLY_ON_DAY, { interval, monthDay: rule.monthDay ?? '' });
  const which = say(i18n, WHICH_WEEKDAY[String(rule.weekOfMonth)] ?? WHICH_WEEKDAY['-1']!, { weekday: rule.weekday, day: weekdayName(i18n, rule.weekday) });
  return say(i18n, MONTHLY_ON_WEEKDAY, { interval, which });
}

/*
 * A repeat rule as a notification stores it: one text parameter in RFC 5545's words, of the parts a
 * repeat's wording reads ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU", "FREQ=MONTHLY;BYDAY=-1FR",
 * "FREQ=MONTHLY;BYMONTHDAY=15"): a parameter, not a sentence, so each reader gets it in their language.
 */

/** The stored form of a rule's repeat (see above). */
export function repeatCode(rule: SeriesRuleInput): string {
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`, `INTERVAL=${rule.interval ?? 1}`];
  if (rule.frequency === 'weekly') parts.push(`BYDAY=${WEEKDAYS.filter((d) => rule.weekdays?.includes(d)).join(',')}`);
  else if (rule.monthDay !== undefined) parts.push(`BYMONTHDAY=${rule.monthDay}`);
  else if (rule.weekday) parts.push(`BYDAY=${rule.weekOfMonth ?? -1}${rule.weekday}`);
  return parts.join(';');
}

const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** The rule a stored repeat stands for, or null when it is not one (`repeatCode` reversed). */
export function ruleOfRepeatCode(code: string): SeriesRuleInput | null {
  const parts = new Map(code.split(';').map((part) => part.split('=') as [string, string | undefined]));
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  const byDay = parts.get('BYDAY');
  if (parts.get('FREQ') === 'WEEKLY') {
    const weekdays = (byDay ?? '').split(',').filter(isWeekday);
    return weekdays.length > 0 ? { frequency: 'weekly', interval, weekdays } : null;
  }
  if (parts.get('FREQ') !== 'MONTHLY') return null;
  const monthDay = Number(parts.get('BYMONTHDAY'));
  if (Number.isInteger(monthDay) && monthDay >= 1 && monthDay <= 31) return { frequency: 'monthly', interval, monthDay };
  const which = /^(-1|[1-4])([A-Z]{2})$/.exec(byDay ?? '');
  if (!which || !isWeekday(which[2]!)) return null;
  return { frequency: 'monthly', interval, weekOfMonth: Number(which[1]) as 1 | 2 | 3 | 4 | -1, weekday: which[2] };
}

/** A stored repeat in the language of `i18n`, or null when it is not one. */
export function repeatCodeText(i18n: I18n, code: string): string | null {
  const rule = ruleOfRepeatCode(code);
  return rule ? seriesLabelText(i18n, rule) : null;
}

/**
 * A notification's parameters with its stored repeat rule (`repeat`) worded in the language of
 * `i18n`, where the notifications stored before kept the repeat's English: `series` of a
 * `ride_created`, `repeats` of a `series_handed_over` (notification-types.ts writes the texts from
 * those). `notificationTexts` runs it (the server's list and pushes, the web's list and toasts, so they follow
 * a language switch), the mails before `renderNotification`; anything else is unchanged.
 */
export function withRepeatWords<P extends Record<string, unknown>>(i18n: I18n, type: string, params: P): P {
  if (typeof params.repeat !== 'string') return params;
  const { repeat, ...rest } = params;
  const words = repeatCodeText(i18n, repeat);
  if (!words) return rest as P;
  return { ...rest, [type === 'ride_created' ? 'series' : 'repeats']: words } as P;
}
