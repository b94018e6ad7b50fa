import { format } from 'date-fns';

/** Spec 2 section 9: the default date display, "MMM d, yyyy" ("Jan 5, 2025"); empty for an unreadable date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}
