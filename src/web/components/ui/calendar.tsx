import type { CSSProperties } from 'react';
import { DayPicker, labelDayButton, type DayPickerLocale, type DayPickerProps } from 'react-day-picker';
import { de, es, fr, it, nl, pl, ptBR } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { cn } from '../../lib/cn';
import { firstDayOfWeek } from '../../lib/format-date';
import { useLingui } from '@lingui/react';

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
 * Month and weekday names, and the picker's own labels, in each shipped language but English
 * (react-day-picker's default); the calendar chunk is loaded lazily, so the first page carries none.
 */
const DAY_PICKER_LOCALES: Record<string, Partial<DayPickerLocale>> = { it, de, fr, es, nl, 'pt-BR': ptBR, pl };

/**
 * The month calendar (react-day-picker) in the app's look, in the rider's language, its weeks
 * starting on the region's first day (Sunday in the US, Monday in Britain and Italy). Import it
 * lazily: the screens that use it load it with themselves, not with the first page.
 */
export default function Calendar({ className, style, labels, ...props }: DayPickerProps) {
  const { i18n } = useLingui();
  const locale = DAY_PICKER_LOCALES[i18n.locale];
  const localeDayLabel = locale?.labels?.labelDayButton;
  const dayLabel = labels?.labelDayButton ?? (typeof localeDayLabel === 'function' ? localeDayLabel : labelDayButton);
  return (
    <DayPicker
      locale={locale}
      weekStartsOn={firstDayOfWeek()}
      {...props}
      // A day's name starts with the number it shows ("8, Tuesday, December 8th, 2026"): the
      // accessible name contains the visible text (WCAG 2.5.3), so "click 8" works by voice.
      labels={{ ...labels, labelDayButton: (date, modifiers, options, dateLib) => `${date.getDate()}, ${dayLabel(date, modifiers, options, dateLib)}` }}
      className={cn('text-sm text-asphalt-900 [&_.rdp-caption_label]:font-extrabold [&_.rdp-weekday]:text-xs [&_.rdp-weekday]:font-bold [&_.rdp-weekday]:text-asphalt-500', className)}
      style={{ ...calendarTheme, ...style }}
    />
  );
}
