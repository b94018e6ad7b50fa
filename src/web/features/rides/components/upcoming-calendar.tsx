import { format, parseISO } from 'date-fns';
import { labelDayButton } from 'react-day-picker';
import { useLingui } from '@lingui/react/macro';
import Calendar from '../../../components/ui/calendar';

interface UpcomingCalendarProps {
  /** Days ("YYYY-MM-DD") that have rides: every day of each ride, on the ride's own clock. */
  days: string[];
  selected: string;
  onSelect: (day: string) => void;
}

/** The Calendar View's month (loaded lazily with the view): days with rides are highlighted. */
export default function UpcomingCalendar({ days, selected, onSelect }: UpcomingCalendarProps) {
  const { t } = useLingui();
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
          return modifiers.hasRides ? t`${dayName}, has rides` : dayName;
        },
      }}
      modifiersClassNames={{
        hasRides:
          "rc-has-rides relative font-extrabold text-ignition-800 [&>button]:bg-ignition-100! after:pointer-events-none after:absolute after:bottom-1 after:left-1/2 after:size-1 after:-translate-x-1/2 after:rounded-full after:bg-ignition-600 after:content-['']",
      }}
      footer={
        <p className="mt-3 flex items-center gap-2 text-xs text-asphalt-500">
          <span className="inline-block size-3 rounded-full bg-ignition-100 ring-1 ring-ignition-300" aria-hidden="true" />
          {t`Days with rides`}
        </p>
      }
    />
  );
}
