import '../../../lib/forms/zod-messages';
import { useId, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, ph, plural, t as translated } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { WEEKDAYS, seriesRuleSchema, type RepeatsInput, type SeriesRuleInput, type Weekday } from '../../../../shared/series/series-rule';
import { Field, FieldMessage } from '../../ui/field';
import { say, seriesLabelText } from '../../../../shared/series/series-label-text';
import { Input } from '../../ui/input';
import { NativeSelect } from '../../ui/select';

/**
 * A native tick box: the design system's Radix Checkbox measures itself inside a form (a
 * ResizeObserver), and these sit in the Create Ride form.
 */
function Tick({ onTick, ...props }: { id: string; checked: boolean; onTick: (checked: boolean) => void; 'aria-label'?: string }) {
  return <input type="checkbox" className="size-5 shrink-0 accent-ignition-500" onChange={(e) => onTick(e.target.checked)} {...props} />;
}

/**
 * A short field's width (a number, "08-01"): the box around the Input sets it, since `cn` only joins
 * class names and the Input's own `w-full` would win over a `w-20` passed to it.
 */
function Narrow({ children }: { children: ReactNode }) {
  return <div className="w-20 shrink-0">{children}</div>;
}

/** "from [08-01]": the word stays beside its field when a narrow phone wraps the break's line. */
function BreakDay({ word, label, value, placeholder, onChange }: { word: string; label: string; value: string; placeholder: string; onChange: (day: string) => void }) {
  return (
    <span className="flex items-center gap-2">
      {word}
      <Narrow>
        <Input aria-label={label} value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder={placeholder} />
      </Narrow>
    </span>
  );
}

/** Create Ride's "Repeats" as the rider sets it; `repeatsPayload` turns it into what POST /api/rides takes. */
export interface RepeatsState {
  on: boolean;
  frequency: 'weekly' | 'monthly';
  interval: number;
  weekdays: Weekday[];
  monthlyBy: 'day' | 'weekday';
  monthDay: number;
  weekOfMonth: 1 | 2 | 3 | 4 | -1;
  weekday: Weekday;
  ends: 'never' | 'until' | 'count';
  until: string;
  count: number;
  pause: boolean;
  pauseFrom: string;
  pauseUntil: string;
  /** IANA zone the days and the time are read in (the browser's by default). */
  timezone: string;
}

const WEEKDAY_SHORT: Record<Weekday, MessageDescriptor> = { SU: msg`Sun`, MO: msg`Mon`, TU: msg`Tue`, WE: msg`Wed`, TH: msg`Thu`, FR: msg`Fri`, SA: msg`Sat` };
const WEEKDAY_LONG: Record<Weekday, MessageDescriptor> = {
  SU: msg`Sunday`,
  MO: msg`Monday`,
  TU: msg`Tuesday`,
  WE: msg`Wednesday`,
  TH: msg`Thursday`,
  FR: msg`Friday`,
  SA: msg`Saturday`,
};
/** "First" ... "Last" beside the weekday chosen, agreeing with it (weekday: SU, MO, ... SA). */
const WEEK_OF_MONTH_LABELS = [
  [1, msg({ comment: 'Which one of the month, beside a weekday ("First" Sunday). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {First}}' })],
  [2, msg({ comment: 'Which one of the month, beside a weekday ("Second" Sunday). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {Second}}' })],
  [3, msg({ comment: 'Which one of the month, beside a weekday ("Third" Sunday). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {Third}}' })],
  [4, msg({ comment: 'Which one of the month, beside a weekday ("Fourth" Sunday). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {Fourth}}' })],
  [-1, msg({ comment: 'Which one of the month, beside a weekday ("Last" Sunday). Make it agree with the day: weekday is SU, MO, TU, WE, TH, FR or SA.', message: '{weekday, select, other {Last}}' })],
] as const;

/** The weekday of a "YYYY-MM-DD" day, and which one of its month it is (a fifth one counts as the last). */
function weekdayOf(day: string): { weekday: Weekday; weekOfMonth: 1 | 2 | 3 | 4 | -1; monthDay: number } {
  const date = new Date(`${day}T00:00:00Z`);
  const monthDay = date.getUTCDate();
  const nth = Math.ceil(monthDay / 7);
  return { weekday: WEEKDAYS[date.getUTCDay()]!, weekOfMonth: nth > 4 ? -1 : (nth as 1 | 2 | 3 | 4), monthDay };
}

/** Repeats off, ready to repeat weekly on the start day's weekday when switched on. */
export function initialRepeats(startDay: string, timezone: string): RepeatsState {
  const { weekday, weekOfMonth, monthDay } = weekdayOf(/^\d{4}-\d{2}-\d{2}$/.test(startDay) ? startDay : new Date().toISOString().slice(0, 10));
  return { on: false, frequency: 'weekly', interval: 1, weekdays: [weekday], monthlyBy: 'weekday', monthDay, weekOfMonth, weekday, ends: 'never', until: '', count: 10, pause: false, pauseFrom: '08-01', pauseUntil: '08-31', timezone };
}

/** The rule the state says (also for the label shown while choosing). */
export function ruleOf(state: RepeatsState): SeriesRuleInput {
  const base = state.frequency === 'weekly' ? { frequency: 'weekly' as const, weekdays: state.weekdays } : state.monthlyBy === 'day' ? { frequency: 'monthly' as const, monthDay: state.monthDay } : { frequency: 'monthly' as const, weekOfMonth: state.weekOfMonth, weekday: state.weekday };
  return {
    ...base,
    interval: state.interval,
    until: state.ends === 'until' ? state.until : null,
    count: state.ends === 'count' ? state.count : null,
    pause: state.pause ? { from: state.pauseFrom, until: state.pauseUntil } : null,
  };
}

/**
 * `repeats` for POST /api/rides, null when off; the rule's own message when it does not hold (the
 * fallback in the active language: it is called on submit).
 */
export function repeatsPayload(state: RepeatsState): { repeats: RepeatsInput | null; error: string | null } {
  if (!state.on) return { repeats: null, error: null };
  const rule = seriesRuleSchema.safeParse(ruleOf(state));
  if (!rule.success) return { repeats: null, error: rule.error.issues[0]?.message ?? translated`Check the repeat rule` };
  return { repeats: { rule: rule.data, timezone: state.timezone }, error: null };
}

interface RepeatsFieldsProps {
  value: RepeatsState;
  onChange: (next: RepeatsState) => void;
  error: string | null;
}

/**
 * "Repeats" in Create Ride (issue 29): weekly on chosen weekdays every N weeks, or monthly on day N
 * or on the Nth weekday; until a day or for a number of rides; with a yearly break. Each day is its
 * own ride at the same local time in the zone named here.
 */
export function RepeatsFields({ value, onChange, error }: RepeatsFieldsProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const set = (patch: Partial<RepeatsState>) => onChange({ ...value, ...patch });
  const interval = value.interval;
  const toggleDay = (day: Weekday) => set({ weekdays: value.weekdays.includes(day) ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day] });
  return (
    <fieldset className="mt-5 rounded-xl border border-asphalt-200 p-4">
      <legend className="px-1 text-sm font-bold text-asphalt-950">
        <Trans>Repeats</Trans>
      </legend>
      <div className="flex items-center gap-2">
        <Tick id={`${id}-on`} checked={value.on} onTick={(on) => set({ on })} />
        <label htmlFor={`${id}-on`} className="text-sm text-asphalt-800">
          {value.on ? t`This ride repeats: ${ph({ rule: seriesLabelText(i18n, ruleOf(value)) })}` : t`This ride repeats`}
        </label>
      </div>
      {value.on ? (
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field id={`${id}-frequency`} label={<Trans context="repeats every N weeks or months">Every</Trans>}>
            <div className="flex gap-2">
              <Narrow>
                <Input id={`${id}-interval`} aria-label={t`How many`} type="number" min={1} max={12} value={value.interval} onChange={(e) => set({ interval: Math.max(1, Math.min(12, Number(e.target.value) || 1)) })} />
              </Narrow>
              <NativeSelect id={`${id}-frequency`} value={value.frequency} onChange={(e) => set({ frequency: e.target.value as RepeatsState['frequency'] })}>
                <option value="weekly">{t`${plural(interval, { one: 'week', other: 'weeks' })}`}</option>
                <option value="monthly">{t`${plural(interval, { one: 'month', other: 'months' })}`}</option>
              </NativeSelect>
            </div>
          </Field>
          {value.frequency === 'weekly' ? (
            <fieldset className="sm:col-span-2">
              <legend className="mb-1.5 text-sm font-semibold text-asphalt-800">
                <Trans context="repeats on weekdays">On</Trans>
              </legend>
              <div className="flex flex-wrap gap-3">
                {WEEKDAYS.map((day) => (
                  <span key={day} className="flex items-center gap-1.5">
                    <Tick id={`${id}-${day}`} checked={value.weekdays.includes(day)} onTick={() => toggleDay(day)} aria-label={i18n._(WEEKDAY_LONG[day])} />
                    <label htmlFor={`${id}-${day}`} className="text-sm" aria-hidden="true">
                      {i18n._(WEEKDAY_SHORT[day])}
                    </label>
                  </span>
                ))}
              </div>
            </fieldset>
          ) : (
            <Field id={`${id}-monthly`} label={<Trans context="repeats on a day of the month">On</Trans>}>
              <div className="flex flex-wrap gap-2">
                <NativeSelect id={`${id}-monthly`} value={value.monthlyBy} onChange={(e) => set({ monthlyBy: e.target.value as RepeatsState['monthlyBy'] })}>
                  <option value="weekday">{t`a weekday`}</option>
                  <option value="day">{t`a day of the month`}</option>
                </NativeSelect>
                {value.monthlyBy === 'day' ? (
                  <Narrow>
                    <Input aria-label={t`Day of the month`} type="number" min={1} max={31} value={value.monthDay} onChange={(e) => set({ monthDay: Math.max(1, Math.min(31, Number(e.target.value) || 1)) })} />
                  </Narrow>
                ) : (
                  <>
                    <NativeSelect aria-label={t`Which one of the month`} value={String(value.weekOfMonth)} onChange={(e) => set({ weekOfMonth: Number(e.target.value) as RepeatsState['weekOfMonth'] })}>
                      {WEEK_OF_MONTH_LABELS.map(([n, label]) => (
                        <option key={n} value={String(n)}>
                          {say(i18n, label, { weekday: value.weekday })}
                        </option>
                      ))}
                    </NativeSelect>
                    <NativeSelect aria-label={t`Weekday`} value={value.weekday} onChange={(e) => set({ weekday: e.target.value as Weekday })}>
                      {WEEKDAYS.map((day) => (
                        <option key={day} value={day}>
                          {i18n._(WEEKDAY_LONG[day])}
                        </option>
                      ))}
                    </NativeSelect>
                  </>
                )}
              </div>
            </Field>
          )}
          <Field id={`${id}-ends`} label={t`Ends`}>
            <div className="flex flex-wrap gap-2">
              <NativeSelect id={`${id}-ends`} value={value.ends} onChange={(e) => set({ ends: e.target.value as RepeatsState['ends'] })}>
                <option value="never">{t`Never`}</option>
                <option value="until">{t`On a date`}</option>
                <option value="count">{t`After a number of rides`}</option>
              </NativeSelect>
              {value.ends === 'until' ? <Input aria-label={t`Last day`} type="date" value={value.until} onChange={(e) => set({ until: e.target.value })} /> : null}
              {value.ends === 'count' ? (
                <Narrow>
                  <Input aria-label={t`Number of rides`} type="number" min={1} max={520} value={value.count} onChange={(e) => set({ count: Math.max(1, Number(e.target.value) || 1) })} />
                </Narrow>
              ) : null}
            </div>
          </Field>
          <div className="sm:col-span-2">
            <div className="flex items-center gap-2">
              <Tick id={`${id}-pause`} checked={value.pause} onTick={(pause) => set({ pause })} />
              <label htmlFor={`${id}-pause`} className="text-sm text-asphalt-800">
                <Trans>Take a break every year</Trans>
              </label>
            </div>
            {value.pause ? (
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <BreakDay word={t({ message: 'from', context: 'a yearly break, from a day' })} label={t`Break from (MM-DD)`} value={value.pauseFrom} placeholder="08-01" onChange={(pauseFrom) => set({ pauseFrom })} />
                <BreakDay word={t({ message: 'until', context: 'a yearly break, until a day' })} label={t`Break until (MM-DD)`} value={value.pauseUntil} placeholder="08-31" onChange={(pauseUntil) => set({ pauseUntil })} />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
    </fieldset>
  );
}
