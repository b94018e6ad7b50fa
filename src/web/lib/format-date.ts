import { format } from 'date-fns';

/** Spec 2 section 9: the default date display, "MMM d, yyyy" ("Jan 5, 2025"); empty for an unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

/**
 * A moment in the rider's own time zone: "Jan 5, 2025 at 18:30". 24-hour like every ride time
 * (spec 2: start times are HH:MM), so a poll's deadline and an invitation's expiry read the same way.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, "MMM d, yyyy 'at' HH:mm");
}
