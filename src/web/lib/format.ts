import { formatDistanceToNowStrict } from 'date-fns';

/** "5 minutes ago" for an ISO timestamp; empty text when it cannot be read. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}
