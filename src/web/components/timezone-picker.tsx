import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { Check, ChevronsUpDown, Clock, Globe, Search } from 'lucide-react';
import { TIMEZONES } from '../../shared/timezones/timezones';
import { msg } from '@lingui/core/macro';
import { zoneName } from '../lib/time-zones';
import { speaksEnglish } from '../lib/format-date';
import { useLingui } from '@lingui/react';
import { formatLocale } from '../lib/i18n/i18n';
import { isKnownZone, offsetLabel, zoneOffsetMinutes } from '../../shared/timezones/zoned-time';
import { cn } from '../lib/cn';
import { Label } from './ui/input';
import { PICKER_PLACEMENT } from './ui/floating';

export const NO_TIMEZONE_MATCH = msg`No timezones found matching the query`;
export const INVALID_TIMEZONE = msg`Invalid timezone`;

/** A zone as the picker lists it: the spec's offset label on the date concerned, and the zone's city. */
export interface ZoneOption {
  /** The IANA zone: what is stored ("Europe/Rome"). */
  zone: string;
  /** Its city: "Rome", "New York"; the list's city where the spec names one ("Mumbai" for Asia/Kolkata). */
  name: string;
  /** The spec's offset label on the date concerned: "UTC+02:00" for Rome in July. */
  offset: string;
  /** "UTC+02:00 - Rome". */
  label: string;
  /** What a search matches: label, zone and the list's other names, lower case. */
  search: string;
}

let knownZones: string[] | undefined;

/**
 * Every zone the browser knows (Intl.supportedValuesOf), once each: an old name the browser lists
 * (Asia/Calcutta) gives way to the list's current one (Asia/Kolkata) for the same zone.
 */
function allZones(): string[] {
  if (knownZones) return knownZones;
  const canonical = (zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const byCanonical = new Map<string, string>();
  for (const zone of ['UTC', ...TIMEZONES.map((t) => t.zone), ...supported].filter(isKnownZone)) {
    const key = canonical(zone);
    if (!byCanonical.has(key)) byCanonical.set(key, zone);
  }
  knownZones = [...byCanonical.values()];
  return knownZones;
}

/** Every zone the browser knows, by offset on `at` and then by city. */
export function zoneOptions(at: number): ZoneOption[] {
  return allZones()
    .map((zone) => {
      const minutes = zoneOffsetMinutes(zone, at);
      const name = zoneName(zone);
      const offset = offsetLabel(minutes);
      return { zone, name, offset, label: `${offset} - ${name}`, search: `${offset} ${offset.replace(':', '')} ${name} ${zone} ${zone.replaceAll('_', ' ')}`.toLowerCase(), minutes };
    })
    .sort((a, b) => a.minutes - b.minutes || a.name.localeCompare(b.name))
    .map(({ minutes: _minutes, ...option }) => option);
}

/** The options whose label, city or zone contains the query, ignoring case and spacing. */
export function filterZones(options: readonly ZoneOption[], query: string): readonly ZoneOption[] {
  const needle = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!needle) return options;
  return options.filter((option) => option.search.includes(needle));
}

/** The zone's label on `at`: "UTC+02:00 - Rome" (any IANA zone, listed or not). */
export function zoneLabel(zone: string, at: number): string {
  if (!isKnownZone(zone)) return zone;
  return `${offsetLabel(zoneOffsetMinutes(zone, at))} - ${zoneName(zone)}`;
}

/** The wall-clock time in a zone: "14:05:32" and "Wed, Jan 1" (in another language, its own words and clock). */
export function timeInZone(zone: string, now: number): { time: string; date: string } {
  const english = speaksEnglish();
  return {
    time: new Date(now).toLocaleTimeString(english ? 'en-GB' : formatLocale(), english ? { timeZone: zone, hour12: false } : { timeZone: zone }),
    date: new Date(now).toLocaleDateString(english ? 'en-US' : formatLocale(), { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }),
  };
}

/** The current time in a zone, refreshed every second; "Invalid timezone" for anything the browser does not know. */
export function TimezoneClock({ zone, className }: { zone: string; className?: string }) {
  const { i18n } = useLingui();
  const known = isKnownZone(zone);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!known) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [known]);

  if (!known) {
    return (
      <p className={cn('flex items-center gap-1.5 text-xs font-semibold text-red-700', className)}>
        <Clock className="size-3.5" aria-hidden="true" />
        {i18n._(INVALID_TIMEZONE)}
      </p>
    );
  }
  const { time, date } = timeInZone(zone, now);
  return (
    <p className={cn('flex items-center gap-1.5 text-xs text-asphalt-600', className)}>
      <Clock className="size-3.5 text-asphalt-400" aria-hidden="true" />
      <span>
        {i18n._(msg`Local time in ${zoneName(zone)}:`)} <time className="font-mono font-semibold text-asphalt-900 tabular-nums">{time}</time>{' '}
        <span className="text-asphalt-500">{date}</span>
      </span>
    </p>
  );
}

/** An id part for a zone ("America/Argentina/Buenos_Aires" has slashes). */
function optionKey(zone: string): string {
  return zone.replace(/[^A-Za-z0-9_-]/g, '-');
}

export interface TimezonePickerProps {
  /** The chosen IANA zone, e.g. "Asia/Kolkata" ('' for none chosen yet). */
  value: string;
  onChange: (timezone: ZoneOption) => void;
  /** The instant whose offsets the list shows (a ride's start); now when left out. */
  at?: string | number | undefined;
  /** What the button says while no zone is chosen. */
  placeholder?: string;
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
 * The time zone field (spec 1 section 3, named zones of issue 29): a button showing the chosen zone
 * with the spec's offset label ("UTC+02:00 - Rome") that opens a searchable list of every zone the
 * browser knows, each with its offset on the date concerned (a ride's start), and a live clock for
 * the chosen one under it. It stores the zone; the offset is only what it shows.
 */
export function TimezonePicker({ value, onChange, at, placeholder, id, label, disabled = false, hideClock = false, className }: TimezonePickerProps) {
  const { i18n } = useLingui();
  const generatedId = useId();
  const triggerId = id ?? `${generatedId}-trigger`;
  const labelId = `${generatedId}-label`;
  const valueId = `${generatedId}-value`;
  const listId = `${generatedId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  // The offsets shown are those of the day concerned (a ride's start), else of the day the picker opened.
  const [openedAt] = useState(() => Date.now());
  const sent = at === undefined ? Number.NaN : typeof at === 'number' ? at : Date.parse(at);
  const when = Number.isNaN(sent) ? openedAt : sent;
  const day = Math.floor(when / 86_400_000);
  // Computed when the list opens, for that day: some 400 zones.
  const options = useMemo(() => (open ? zoneOptions(day * 86_400_000 + 43_200_000) : []), [open, day]);
  const selectedLabel = value ? zoneLabel(value, when) : '';
  const results = useMemo(() => filterZones(options, query), [options, query]);
  const activeOption = results[Math.min(active, results.length - 1)];

  function handleOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(Math.max(0, zoneOptions(day * 86_400_000 + 43_200_000).findIndex((tz) => tz.zone === value)));
    }
  }

  // Keep the highlighted option in view.
  useEffect(() => {
    if (!open || !activeOption) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-zone="${activeOption.zone}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeOption]);

  function choose(tz: ZoneOption) {
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
          className="flex h-11 w-full items-center gap-2.5 rounded-lg border border-asphalt-200 bg-white px-3 text-start text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors hover:border-asphalt-300 focus-visible:border-ignition-500 disabled:cursor-not-allowed disabled:bg-asphalt-50 disabled:text-asphalt-500 data-[state=open]:border-ignition-500 sm:text-sm"
        >
          <Globe className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
          <span id={valueId} className={cn('min-w-0 flex-1 truncate', !value && 'text-asphalt-500')}>
            {selectedLabel || placeholder || i18n._(msg`Select a timezone`)}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            {...PICKER_PLACEMENT}
            className="z-50 flex max-h-[min(22rem,var(--radix-popover-content-available-height))] w-[var(--radix-popover-trigger-width)] min-w-64 flex-col overflow-hidden rounded-xl border border-asphalt-200 bg-white shadow-2xl shadow-asphalt-950/20 data-[state=open]:animate-pop-in"
          >
            <div className="relative border-b border-asphalt-100 p-2">
              <Search className="pointer-events-none absolute top-1/2 start-4.5 size-4 -translate-y-1/2 text-asphalt-400" aria-hidden="true" />
              <input
                type="text"
                role="combobox"
                aria-label={i18n._(msg`Search timezones`)}
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeOption ? `${listId}-${optionKey(activeOption.zone)}` : undefined}
                placeholder={i18n._(msg`Search by city or zone...`)}
                autoComplete="off"
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActive(0);
                }}
                onKeyDown={handleKeyDown}
                className="h-9 w-full rounded-md bg-asphalt-50 pe-2 ps-8 text-base text-asphalt-900 outline-none placeholder:text-asphalt-400 focus-visible:outline-2 focus-visible:outline-ignition-500/50 sm:text-sm"
              />
            </div>
            {results.length === 0 ? (
              <p role="status" className="px-4 py-6 text-center text-sm text-asphalt-500">
                {i18n._(NO_TIMEZONE_MATCH)}
              </p>
            ) : (
              <ul ref={listRef} id={listId} role="listbox" aria-label={i18n._(msg`Timezones`)} className="min-h-0 flex-1 overflow-y-auto p-1.5">
                {results.map((tz) => {
                  const isSelected = tz.zone === value;
                  const isActive = tz === activeOption;
                  return (
                    // The keyboard picks options in the search box (arrow keys and Enter, aria-activedescendant).
                    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- see the line above
                    <li
                      key={tz.zone}
                      id={`${listId}-${optionKey(tz.zone)}`}
                      data-zone={tz.zone}
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
                      <span className="min-w-0 flex-1 truncate font-medium">
                        {tz.name} <span className="text-xs font-normal text-asphalt-500">{tz.zone}</span>
                      </span>
                      {isSelected ? <Check className="size-4 shrink-0 text-ignition-600" aria-hidden="true" /> : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hideClock || !value ? null : <TimezoneClock zone={value} className="mt-2" />}
    </div>
  );
}
