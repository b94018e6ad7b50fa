import type { CSSProperties } from 'react';
import { DayPicker, type DayPickerProps } from 'react-day-picker';
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
} as CSSProperties;

/**
 * The month calendar (react-day-picker) in the app's look. Import it lazily: the screens that use it
 * load it with themselves, not with the first page.
 */
export default function Calendar({ className, style, ...props }: DayPickerProps) {
  return (
    <DayPicker
      {...props}
      className={cn('text-sm text-asphalt-900 [&_.rdp-caption_label]:font-extrabold [&_.rdp-weekday]:text-xs [&_.rdp-weekday]:font-bold [&_.rdp-weekday]:text-asphalt-500', className)}
      style={{ ...calendarTheme, ...style }}
    />
  );
}
