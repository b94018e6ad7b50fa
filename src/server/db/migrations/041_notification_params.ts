import type { Kysely } from 'kysely';
import { isNotificationType, notificationTypes, type NotificationTypeDefinition } from '../../../shared/notifications/notification-types';
import { zonedDateTimeToIso } from '../../../shared/rides/ride-time';

/**
 * Notifications store their type's parameters (issue 30 point 1), not finished English: `params`
 * is a JSON object (names as they were, instants, numbers) the texts of
 * shared/notifications/notification-types.ts are written from when the notification is shown,
 * mailed or pushed. The stored notifications migrate: each message is read back against its type's
 * template ("{ride} on {day} was cancelled"), a day and time on the ride's clock become an instant
 * again. A row that reads back as none of its type's templates keeps `params` null and is shown as
 * it was stored (`title`, `message`), which new rows leave empty.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Dec 5, 2026" -> "2026-12-05" (the spec's date display, dayLabel, read back). */
function dayOf(label: string): string | null {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(label);
  const month = match ? MONTHS.indexOf(match[1]!) : -1;
  return match && month >= 0 ? `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}` : null;
}

/** A template as a pattern with one named group per parameter. */
function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{(\w+)\\?\}/g, '(?<$1>.+?)')}$`, 's');
}

interface StoredRow {
  id: string;
  type: string;
  title: string;
  message: string;
  ride_offset: string | null;
}

/** The parameters a stored notification was written from, or null when its text reads as none of its type's. */
export function paramsFromText(row: StoredRow): Record<string, string | number> | null {
  if (!isNotificationType(row.type)) return null;
  if (row.type === 'media_uploaded') {
    // "Ana uploaded 13 files to Futa": the count and place are a column and a join. The older "Ana
    // uploaded new media" says no count, so it stays as it was written.
    const rider = /^(.+?) uploaded \d+ files?( to .+)?$/s.exec(row.message)?.[1];
    return rider ? { rider } : null;
  }
  if (row.type === 'ride_reminder') {
    const daysLeft = row.title === 'Ride Tomorrow!' ? 1 : Number(/^Ride in (\d+) days$/.exec(row.title)?.[1]);
    const ride = /^Don't forget about (.+)$/s.exec(row.message)?.[1];
    return ride && Number.isInteger(daysLeft) ? { ride, daysLeft } : null;
  }
  const definition: NotificationTypeDefinition = notificationTypes[row.type];
  const groups = templatePattern(definition.message.message ?? '').exec(row.message)?.groups;
  if (!groups) return null;
  const { day: dayText, time, ...params } = groups;
  const values: Record<string, string | number> = { ...params };
  for (const key of ['riders', 'minimum'] as const) if (key in values) values[key] = Number(values[key]);
  if (dayText !== undefined) {
    const day = dayOf(dayText);
    const zone = row.ride_offset ?? 'UTC+00:00';
    if (!day) return null;
    // The time is told only by "Ride changed"; the other types show the day alone, so noon stands in.
    values.startAt = zonedDateTimeToIso(day, time ?? '12:00', zone);
    values.zone = zone;
  }
  return values;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('params', 'text').execute();
  const kysely = db as unknown as Kysely<{ notifications: { id: string; type: string; title: string; message: string; subject_ride_id: string | null; params: string | null }; rides: { id: string; timezone_offset: string } }>;
  const rows = await kysely
    .selectFrom('notifications')
    .leftJoin('rides', 'rides.id', 'notifications.subject_ride_id')
    .select(['notifications.id', 'notifications.type', 'notifications.title', 'notifications.message', 'rides.timezone_offset as ride_offset'])
    .execute();
  for (const row of rows) {
    const params = paramsFromText(row);
    if (params) await kysely.updateTable('notifications').set({ params: JSON.stringify(params) }).where('id', '=', row.id).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('params').execute();
}
