import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { Check, ChevronsUpDown, Clock, Globe, Search } from 'lucide-react';
import { findTimezone, TIMEZONES, type TimezoneOption } from '../../shared/timezones/timezones';
import { cn } from '../lib/cn';
import { Label } from './ui/input';
import { PICKER_PLACEMENT } from './ui/floating';

export type { TimezoneOption } from '../../shared/timezones/timezones';

export const NO_TIMEZONE_MATCH = 'No timezones found matching the query';
export const INVALID_TIMEZONE = 'Invalid timezone';

/** The zones whose label (offset and name) contains the query, ignoring case and spacing. */
export function filterTimezones(query: string): readonly TimezoneOption[] {
  const needle = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!needle) return TIMEZONES;
  return TIMEZONES.filter((tz) => tz.label.toLowerCase().includes(needle) || tz.offset.replace(':', '').toLowerCase().includes(needle));
}

/** The wall-clock time at a fixed offset: "14:05:32" and "Wed, Jan 1". */
export function timeAtOffset(numericOffsetHours: number, now: number): { time: string; date: string } {
  const shifted = new Date(now + numericOffsetHours * 3_600_000);
  return {
    time: shifted.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour12: false }),
    date: shifted.toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }),
  };
}

/** The current time in a zone of the list, refreshed every second; "Invalid timezone" for any other value. */
export function TimezoneClock({ offset, className }: { offset: string; className?: string }) {
  const zone = findTimezone(offset);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!zone) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [zone]);

  if (!zone) {
    return (
      <p className={cn('flex items-center gap-1.5 text-xs font-semibold text-red-700', className)}>
        <Clock className="size-3.5" aria-hidden="true" />
        {INVALID_TIMEZONE}
      </p>
    );
  }
  const { time, date } = timeAtOffset(zone.numericOffset, now);
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-asphalt-600', className)}>
      <Clock className="size-3.5 text-asphalt-400" aria-hidden="true" />
      <span>
        Local time in {zone.name}: <time className="font-mono font-semibold text-asphalt-900 tabular-nums">{time}</time>{' '}
        <span className="text-asphalt-500">{date}</span>
      </span>
    </p>
  );
}

export interface TimezonePickerProps {
  /** The chosen offset, e.g. "UTC+05:30". */
  value: string;
  onChange: (timezone: TimezoneOption) => void;
  /** id of the trigger button (for an outside <label>). */
  id?: string;
  /** When given, rendered as the field's label. */
  label?: string;
  disabled?: boolean;
  /** Hide the live clock under the field. */
  hideClock?: boolean;
  className?: string;
}

/**
 * The time zone field (spec 1 section 3): a button showing the chosen zone that opens a searchable
 * list of the 37 built-in zones, with a live clock for the chosen one under it.
 */
export function TimezonePicker({ value, onChange, id, label, disabled = false, hideClock = false, className }: TimezonePickerProps) {
  const generatedId = useId();
  const triggerId = id ?? `${generatedId}-trigger`;
  const labelId = `${generatedId}-label`;
  const valueId = `${generatedId}-value`;
  const listId = `${generatedId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const selected = findTimezone(value);
  const results = useMemo(() => filterTimezones(query), [query]);
  const activeOption = results[Math.min(active, results.length - 1)];

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(Math.max(0, TIMEZONES.findIndex((tz) => tz.offset === value)));
    }
  }

  // Keep the highlighted option in view.
  useEffect(() => {
    if (!open || !activeOption) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-offset="${activeOption.offset}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeOption]);

  function choose(tz: TimezoneOption) {
    onChange(tz);
    setOpen(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = results.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i >= last ? 0 : i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i <= 0 ? last : i - 1));
    } else if (event.key === 'Home') {
      event.preventDefault();
      setActive(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      setActive(last);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) choose(activeOption);
    }
  }

  return (
    <div className={className}>
      {label ? (
        <Label id={labelId} htmlFor={triggerId}>
          {label}
        </Label>
      ) : null}
      <Popover.Root open={open} onOpenChange={handleOpenChange}>
        <Popover.Trigger
          id={triggerId}
          type="button"
          disabled={disabled}
          aria-labelledby={label ? `${labelId} ${valueId}` : undefined}
          className="flex h-11 w-full items-center gap-2.5 rounded-lg border border-asphalt-200 bg-white px-3 text-left text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors hover:border-asphalt-300 focus-visible:border-ignition-500 disabled:cursor-not-allowed disabled:bg-asphalt-50 disabled:text-asphalt-500 data-[state=open]:border-ignition-500 sm:text-sm"
        >
          <Globe className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
          <span id={valueId} className={cn('min-w-0 flex-1 truncate', !selected && 'text-asphalt-500')}>
            {selected ? selected.label : value || 'Select a timezone'}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            {...PICKER_PLACEMENT}
            className="z-50 flex max-h-[min(22rem,var(--radix-popover-content-available-height))] w-[var(--radix-popover-trigger-width)] min-w-64 flex-col overflow-hidden rounded-xl border border-asphalt-200 bg-white shadow-2xl shadow-asphalt-950/20 data-[state=open]:animate-pop-in"
          >
            <div className="relative border-b border-asphalt-100 p-2">
              <Search className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
              <input
                type="text"
                role="combobox"
                aria-label="Search timezones"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeOption ? `${listId}-${activeOption.offset}` : undefined}
                placeholder="Search timezones..."
                autoComplete="off"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={handleKeyDown}
                className="h-9 w-full rounded-md bg-asphalt-50 pr-2 pl-8 text-base text-asphalt-900 outline-none placeholder:text-asphalt-400 focus-visible:outline-2 focus-visible:outline-ignition-500/50 sm:text-sm"
              />
            </div>
            {results.length === 0 ? (
              <p role="status" className="px-4 py-6 text-center text-sm text-asphalt-500">
                {NO_TIMEZONE_MATCH}
              </p>
            ) : (
              <ul ref={listRef} id={listId} role="listbox" aria-label="Timezones" className="min-h-0 flex-1 overflow-y-auto p-1.5">
                {results.map((tz) => {
                  const isSelected = tz.offset === value;
                  const isActive = tz === activeOption;
                  return (
                    // The keyboard picks options in the search box (arrow keys and Enter, aria-activedescendant).
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see the line above
                    <li
                      key={tz.offset}
                      id={`${listId}-${tz.offset}`}
                      data-offset={tz.offset}
                      role="option"
                      aria-selected={isSelected}
                      onMouseMove={() => setActive(results.indexOf(tz))}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(tz)}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm',
                        isActive ? 'bg-asphalt-100 text-asphalt-950' : 'text-asphalt-700',
                      )}
                    >
                      <span className="w-[5.5rem] shrink-0 font-mono text-xs font-semibold text-asphalt-500 tabular-nums">{tz.offset}</span>
                      <span className="min-w-0 flex-1 truncate font-medium">{tz.name}</span>
                      {isSelected ? <Check className="size-4 shrink-0 text-ignition-600" aria-hidden="true" /> : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hideClock ? null : <TimezoneClock offset={value} className="mt-2" />}
    </div>
  );
}
