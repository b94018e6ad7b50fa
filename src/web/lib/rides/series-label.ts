import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { SeriesRuleInput } from '../../../shared/series/series-rule';
import { WEEKDAYS, type Weekday } from '../../../shared/series/weekdays';

/*
 * A series' repeat ("Every Sunday", "Monthly on the first Sunday") in the rider's language, from its
 * rule (issue 31): the server's `label` stays the English for API users. The weekday is a select
 * argument wherever a language makes its words agree with the day ("la prima domenica", "il primo
 * lunedì"; "pierwsza niedziela", "pierwszy poniedziałek"; "primeiro domingo", "primeira
 * segunda-feira"), and the number of weeks or months a plural.
 */

const EVERY_WEEKDAY = msg({
  comment: 'A ride every week on one weekday. weekday is SU, MO, TU, WE, TH, FR or SA.',
  message: 'Every {weekday, select, SU {Sunday} MO {Monday} TU {Tuesday} WE {Wednesday} TH {Thursday} FR {Friday} other {Saturday}}',
});

const WEEKLY = msg({
  comment: 'A ride every week or every few weeks on these weekdays. days is a list of weekday names ("Saturday and Sunday").',
  message: '{interval, plural, one {Every {days}} other {Every # weeks on {days}}}',
});

const MONTHLY_ON_DAY = msg({
  comment: 'A ride every month or every few months on this day of the month (1 to 31).',
  message: '{interval, plural, one {Monthly on day {monthDay}} other {Every # months on day {monthDay}}}',
});

const MONTHLY_ON_WEEKDAY = msg({
  comment: 'A ride every month or every few months on one weekday of the month. which is "the first Sunday", "the last Friday"...',
  message: '{interval, plural, one {Monthly on {which}} other {Every # months on {which}}}',
});

/**
 * Which weekday of the month, with its day: `day` is the weekday's name, `weekday` its code (SU, MO,
 * TU, WE, TH, FR, SA) to make the words agree with the day.
 */
const WHICH_WEEKDAY: Record<string, MessageDescriptor> = {
  '1': msg({ comment: 'The first weekday of a month ("the first Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {the first {day}}}' }),
  '2': msg({ comment: 'The second weekday of a month ("the second Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {the second {day}}}' }),
  '3': msg({ comment: 'The third weekday of a month ("the third Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {the third {day}}}' }),
  '4': msg({ comment: 'The fourth weekday of a month ("the fourth Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {the fourth {day}}}' }),
  '-1': msg({ comment: 'The last weekday of a month ("the last Sunday"). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {the last {day}}}' }),
};

/** A weekday's name in the language, as a sentence uses it ("domenica", "Sonntag"): 2023-01-01 was a Sunday. */
function weekdayName(i18n: I18n, weekday: Weekday): string {
  return new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + WEEKDAYS.indexOf(weekday)));
}

/** A descriptor with its values, not spread inline into i18n._ (the extractor reads only literal descriptors there). */
export function say(i18n: I18n, descriptor: MessageDescriptor, values: Record<string, string | number>): string {
  const withValues: MessageDescriptor = { ...descriptor, values };
  return i18n._(withValues);
}

/** The repeat of a series in the active language, from its rule. */
export function seriesLabelText(i18n: I18n, rule: SeriesRuleInput): string {
  const interval = rule.interval ?? 1;
  if (rule.frequency === 'weekly') {
    const days = WEEKDAYS.filter((d) => rule.weekdays?.includes(d));
    if (interval === 1 && days.length === 1) return say(i18n, EVERY_WEEKDAY, { weekday: days[0]! });
    const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(days.map((d) => weekdayName(i18n, d)));
    return say(i18n, WEEKLY, { interval, days: list });
  }
  if (rule.monthDay !== undefined || !rule.weekday) return say(i18n, MONTHLY_ON_DAY, { interval, monthDay: rule.monthDay ?? '' });
  const which = say(i18n, WHICH_WEEKDAY[String(rule.weekOfMonth)] ?? WHICH_WEEKDAY['-1']!, { weekday: rule.weekday, day: weekdayName(i18n, rule.weekday) });
  return say(i18n, MONTHLY_ON_WEEKDAY, { interval, which });
}
