import { useId, type ReactNode } from 'react';
import { WEEKDAYS, seriesLabel, seriesRuleSchema, type RepeatsInput, type SeriesRuleInput, type Weekday } from '../../../../shared/series/series-rule';
import { FieldMessage } from '../../ui/field';
import { Input, Label } from '../../ui/input';
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
function BreakDay({ word, value, placeholder, onChange }: { word: 'from' | 'until'; value: string; placeholder: string; onChange: (day: string) => void }) {
  return (
    <span className="flex items-center gap-2">
      {word}
      <Narrow>
        <Input aria-label={`Break ${word} (MM-DD)`} value={value} onChange={(e) => onChange(e.target.value.trim())} placeholder={placeholder} />
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

const WEEKDAY_SHORT: Record<Weekday, string> = { SU: 'Sun', MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat' };
const WEEKDAY_LONG: Record<Weekday, string> = { SU: 'Sunday', MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday' };
const WEEK_OF_MONTH_LABELS = [
  [1, 'First'],
  [2, 'Second'],
  [3, 'Third'],
  [4, 'Fourth'],
  [-1, 'Last'],
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

/** `repeats` for POST /api/rides, null when off; the rule's own message when it does not hold. */
export function repeatsPayload(state: RepeatsState): { repeats: RepeatsInput | null; error: string | null } {
  if (!state.on) return { repeats: null, error: null };
  const rule = seriesRuleSchema.safeParse(ruleOf(state));
  if (!rule.success) return { repeats: null, error: rule.error.issues[0]?.message ?? 'Check the repeat rule' };
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
  const id = useId();
  const set = (patch: Partial<RepeatsState>) => onChange({ ...value, ...patch });
  const toggleDay = (day: Weekday) => set({ weekdays: value.weekdays.includes(day) ? value.weekdays.filter((d) => d !== day) : [...value.weekdays, day] });
  return (
    <fieldset className="mt-5 rounded-xl border border-asphalt-200 p-4">
      <legend className="px-1 text-sm font-bold text-asphalt-950">Repeats</legend>
      <div className="flex items-center gap-2">
        <Tick id={`${id}-on`} checked={value.on} onTick={(on) => set({ on })} />
        <label htmlFor={`${id}-on`} className="text-sm text-asphalt-800">
          This ride repeats{value.on ? `: ${seriesLabel(ruleOf(value))}` : ''}
        </label>
      </div>
      {value.on ? (
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor={`${id}-frequency`}>Every</Label>
            <div className="flex gap-2">
              <Narrow>
                <Input id={`${id}-interval`} aria-label="How many" type="number" min={1} max={12} value={value.interval} onChange={(e) => set({ interval: Math.max(1, Math.min(12, Number(e.target.value) || 1)) })} />
              </Narrow>
              <NativeSelect id={`${id}-frequency`} value={value.frequency} onChange={(e) => set({ frequency: e.target.value as RepeatsState['frequency'] })}>
                <option value="weekly">{value.interval === 1 ? 'week' : 'weeks'}</option>
                <option value="monthly">{value.interval === 1 ? 'month' : 'months'}</option>
              </NativeSelect>
            </div>
          </div>
          {value.frequency === 'weekly' ? (
            <fieldset className="sm:col-span-2">
              <legend className="mb-1.5 text-sm font-semibold text-asphalt-800">On</legend>
              <div className="flex flex-wrap gap-3">
                {WEEKDAYS.map((day) => (
                  <span key={day} className="flex items-center gap-1.5">
                    <Tick id={`${id}-${day}`} checked={value.weekdays.includes(day)} onTick={() => toggleDay(day)} aria-label={WEEKDAY_LONG[day]} />
                    <label htmlFor={`${id}-${day}`} className="text-sm" aria-hidden="true">
                      {WEEKDAY_SHORT[day]}
                    </label>
                  </span>
                ))}
              </div>
            </fieldset>
          ) : (
            <div>
              <Label htmlFor={`${id}-monthly`}>On</Label>
              <div className="flex flex-wrap gap-2">
                <NativeSelect id={`${id}-monthly`} value={value.monthlyBy} onChange={(e) => set({ monthlyBy: e.target.value as RepeatsState['monthlyBy'] })}>
                  <option value="weekday">a weekday</option>
                  <option value="day">a day of the month</option>
                </NativeSelect>
                {value.monthlyBy === 'day' ? (
                  <Narrow>
                    <Input aria-label="Day of the month" type="number" min={1} max={31} value={value.monthDay} onChange={(e) => set({ monthDay: Math.max(1, Math.min(31, Number(e.target.value) || 1)) })} />
                  </Narrow>
                ) : (
                  <>
                    <NativeSelect aria-label="Which one of the month" value={String(value.weekOfMonth)} onChange={(e) => set({ weekOfMonth: Number(e.target.value) as RepeatsState['weekOfMonth'] })}>
                      {WEEK_OF_MONTH_LABELS.map(([n, label]) => (
                        <option key={n} value={String(n)}>
                          {label}
                        </option>
                      ))}
                    </NativeSelect>
                    <NativeSelect aria-label="Weekday" value={value.weekday} onChange={(e) => set({ weekday: e.target.value as Weekday })}>
                      {WEEKDAYS.map((day) => (
                        <option key={day} value={day}>
                          {WEEKDAY_LONG[day]}
                        </option>
                      ))}
                    </NativeSelect>
                  </>
                )}
              </div>
            </div>
          )}
          <div>
            <Label htmlFor={`${id}-ends`}>Ends</Label>
            <div className="flex flex-wrap gap-2">
              <NativeSelect id={`${id}-ends`} value={value.ends} onChange={(e) => set({ ends: e.target.value as RepeatsState['ends'] })}>
                <option value="never">Never</option>
                <option value="until">On a date</option>
                <option value="count">After a number of rides</option>
              </NativeSelect>
              {value.ends === 'until' ? <Input aria-label="Last day" type="date" value={value.until} onChange={(e) => set({ until: e.target.value })} /> : null}
              {value.ends === 'count' ? (
                <Narrow>
                  <Input aria-label="Number of rides" type="number" min={1} max={520} value={value.count} onChange={(e) => set({ count: Math.max(1, Number(e.target.value) || 1) })} />
                </Narrow>
              ) : null}
            </div>
          </div>
          <div className="sm:col-span-2">
            <div className="flex items-center gap-2">
              <Tick id={`${id}-pause`} checked={value.pause} onTick={(pause) => set({ pause })} />
              <label htmlFor={`${id}-pause`} className="text-sm text-asphalt-800">
                Take a break every year
              </label>
            </div>
            {value.pause ? (
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                <BreakDay word="from" value={value.pauseFrom} placeholder="08-01" onChange={(pauseFrom) => set({ pauseFrom })} />
                <BreakDay word="until" value={value.pauseUntil} placeholder="08-31" onChange={(pauseUntil) => set({ pauseUntil })} />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
    </fieldset>
  );
}
