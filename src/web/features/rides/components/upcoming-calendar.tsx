import { format, parseISO } from 'date-fns';
import { labelDayButton } from 'react-day-picker';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n';
import Calendar from '../../../components/ui/calendar';

interface UpcomingCalendarProps {
  /** Days ("YYYY-MM-DD") that have rides: every day of each ride, on the ride's own clock. */
  days: string[];
  selected: string;
  onSelect: (day: string) => void;
}

/**
 * The Calendar View's month (loaded lazily with the view): days with rides are highlighted. Its
 * texts come from the app's i18n instance rather than useLingui, so the month also renders alone
 * (without a provider); the Upcoming Rides page around it re-renders it when the language changes.
 */
export default function UpcomingCalendar({ days, selected, onSelect }: UpcomingCalendarProps) {
  const rideDates = days.map((day) => parseISO(day));
  const selectedDate = selected ? parseISO(selected) : undefined;
  return (
    <Calendar
      mode="single"
      selected={selectedDate}
      defaultMonth={selectedDate ?? rideDates[0]}
      onSelect={(date) => onSelect(date ? format(date, 'yyyy-MM-dd') : '')}
      modifiers={{ hasRides: rideDates }}
      // The highlight is colour; the day's name says it too, for screen readers.
      labels={{
        labelDayButton: (date, modifiers, options, dateLib) => {
          const dayName = labelDayButton(date, modifiers, options, dateLib);
          return modifiers.hasRides ? i18n._(msg`${dayName}, has rides`) : dayName;
        },
      }}
      modifiersClassNames={{
        hasRides:
          "rc-has-rides relative font-extrabold text-ignition-800 [&>button]:bg-ignition-100! after:pointer-events-none after:absolute after:bottom-1 after:left-1/2 after:size-1 after:-translate-x-1/2 after:rounded-full after:bg-ignition-600 after:content-['']",
      }}
      footer={
        <p className="mt-3 flex items-center gap-2 text-xs text-asphalt-500">
          <span className="inline-block size-3 rounded-full bg-ignition-100 ring-1 ring-ignition-300" aria-hidden="true" />
          {i18n._(msg`Days with rides`)}
        </p>
      }
    />
  );
}
