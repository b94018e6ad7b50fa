import { useState } from 'react';
import { Popover } from 'radix-ui';
import { format, parseISO } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../../lib/cn';
import { formatDay } from '../../../lib/rides/ride-format';
import { SpinnerSuspense } from '../../ui/spinner';
import { PICKER_PLACEMENT } from '../../ui/floating';
import { lazyPart } from '../../lazy-part';

const Calendar = lazyPart(() => import('../../ui/calendar'));

export interface DatePickerProps {
  id?: string;
  /** "YYYY-MM-DD", or empty. */
  value: string;
  onChange: (day: string) => void;
  /** Days before this one ("YYYY-MM-DD") cannot be picked. */
  earliest?: string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Accessible name of the trigger when no <label> points at it. */
  ariaLabel?: string;
  className?: string;
}

/** A date field: a button showing "Dec 5, 2026" that opens a month calendar; the calendar loads on first use. */
export function DatePicker({ id, value, onChange, earliest, placeholder, invalid, describedBy, ariaLabel, className }: DatePickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const selected = value ? parseISO(value) : undefined;
  const first = earliest ? parseISO(earliest) : undefined;

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        type="button"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className={cn(
          'flex h-11 w-full items-center gap-2.5 rounded-lg border border-asphalt-200 bg-white px-3 text-start text-base text-asphalt-900 shadow-inner shadow-asphalt-900/[0.02] transition-colors hover:border-asphalt-300 focus-visible:border-ignition-500 aria-invalid:border-red-500 data-[state=open]:border-ignition-500 sm:text-sm',
          className,
        )}
      >
        <CalendarDays className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
        {/* A hidden prefix, not aria-label: the name keeps the date it shows (WCAG 2.5.3). */}
        {ariaLabel ? <span className="sr-only">{ariaLabel}: </span> : null}
        <span className={cn('min-w-0 flex-1 truncate', !value && 'text-asphalt-500')}>{value ? formatDay(value) : (placeholder ?? t`Pick a date`)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          {...PICKER_PLACEMENT}
          className="z-50 rounded-xl border border-asphalt-200 bg-white p-2 shadow-2xl shadow-asphalt-950/20 data-[state=open]:animate-pop-in"
        >
          <SpinnerSuspense label={t`Loading calendar`} className="h-72 w-[296px]">
            <Calendar
              mode="single"
              selected={selected}
              defaultMonth={selected ?? first}
              startMonth={first}
              disabled={first ? { before: first } : undefined}
              onSelect={(date) => {
                if (!date) return;
                onChange(format(date, 'yyyy-MM-dd'));
                setOpen(false);
              }}
              // The popover is opened to pick a day: the keyboard starts on the chosen (or first) day, not on
              // the month arrows, as the ARIA date picker dialog pattern asks.
              // eslint-disable-next-line jsx-a11y/no-autofocus -- see the line above
              autoFocus
            />
          </SpinnerSuspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
