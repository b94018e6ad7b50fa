import type { CSSProperties } from 'react';
import { DayPicker, labelDayButton, type DayPickerProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '../../lib/cn';

/** react-day-picker's variables in the app's colours, with day cells that fit a 375 px screen. */
const calendarTheme = {
  '--rdp-accent-color': 'var(--color-ignition-600)',
  '--rdp-accent-background-color': 'var(--color-ignition-50)',
  '--rdp-today-color': 'var(--color-ignition-700)',
  '--rdp-day-height': '40px',
  '--rdp-day-width': '40px',
  '--rdp-day_button-height': '38px',
  '--rdp-day_button-width': '38px',
  '--rdp-nav-height': '2.5rem',
  // react-day-picker dims weekday names to 75 % (3.46:1 on white): full colour keeps 4.5:1.
  '--rdp-weekday-opacity': '1',
} as CSSProperties;

/**
 * The month calendar (react-day-picker) in the app's look. Import it lazily: the screens that use it
 * load it with themselves, not with the first page.
 */
export default function Calendar({ className, style, labels, ...props }: DayPickerProps) {
  const dayLabel = labels?.labelDayButton ?? labelDayButton;
  return (
    <DayPicker
      {...props}
      // A day's name starts with the number it shows ("8, Tuesday, December 8th, 2026"): the
      // accessible name contains the visible text (WCAG 2.5.3), so "click 8" works by voice.
      labels={{ ...labels, labelDayButton: (date, modifiers, options, dateLib) => `${date.getDate()}, ${dayLabel(date, modifiers, options, dateLib)}` }}
      className={cn('text-sm text-asphalt-900 [&_.rdp-caption_label]:font-extrabold [&_.rdp-weekday]:text-xs [&_.rdp-weekday]:font-bold [&_.rdp-weekday]:text-asphalt-500', className)}
      style={{ ...calendarTheme, ...style }}
    />
  );
}
