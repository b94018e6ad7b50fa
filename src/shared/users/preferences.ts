/*
 * The riders' preferences, each defined once (docs/decisions/2026-11-27-preference-recipe.md): its
 * field, its column on `users`, its values and its default. Everything else derives from this list:
 * the fields of PATCH /api/users/{id} and of the current user (src/shared/users/profile.ts,
 * current-user.ts), the columns the profile update writes and the presenter reads
 * (src/server/users/), the table type (src/server/db/schema.ts), and the web's `usePreferences()`.
 *
 * A column holds NULL until the rider chooses, so the default lives here only (a changed default
 * reaches everyone who never chose). A set is stored as its values joined by commas, in the list's
 * order ('' is the empty set: "none").
 *
 * No zod here: the browser reads the defaults on every screen, and zod stays out of its first load
 * (the schemas are in preference-schemas.ts). Only pure-marked calls at the top level.
 */
import { SHIPPED_LOCALES } from '../i18n/locales';

/** When a rider is reminded of a ride they hold a seat on, by e-mail and push (issue 30 point 6). */
export const REMINDER_TIMES = ['evening_before', 'morning_of', 'two_hours_before'] as const;
export type ReminderTime = (typeof REMINDER_TIMES)[number];

/** How an organizer gets join requests and new members by e-mail (issue 30 point 7). */
export const ORGANIZER_DIGESTS = ['immediate', 'daily'] as const;
/** How a rider gets "a new ride in my groups" by e-mail (issue 30 point 7). */
export const NEW_RIDES_DIGESTS = ['immediate', 'daily', 'weekly'] as const;
export type DigestChoice = (typeof NEW_RIDES_DIGESTS)[number];

interface OneOf {
  column: string;
  kind: 'one';
  values: readonly string[];
  default: string;
}
interface SetOf {
  column: string;
  kind: 'set';
  values: readonly string[];
  default: readonly string[];
}
export type PreferenceDefinition = OneOf | SetOf;

export const PREFERENCES = {
  reminderTimes: { column: 'reminder_times', kind: 'set', values: REMINDER_TIMES, default: ['evening_before'] },
  organizerDigest: { column: 'organizer_digest', kind: 'one', values: ORGANIZER_DIGESTS, default: 'immediate' },
  newRidesDigest: { column: 'new_rides_digest', kind: 'one', values: NEW_RIDES_DIGESTS, default: 'immediate' },
  /** The language of the app, mails and push (issue 31 point 5): English until known. */
  language: { column: 'language', kind: 'one', values: SHIPPED_LOCALES, default: 'en' },
} as const satisfies Record<string, PreferenceDefinition>;

type Definitions = typeof PREFERENCES;
export type PreferenceField = keyof Definitions;
type ValueOf<D> = D extends { kind: 'set'; values: ReadonlyArray<infer V> } ? V[] : D extends { values: ReadonlyArray<infer V> } ? V : never;
/** Every preference's value, by field. */
export type Preferences = { -readonly [K in PreferenceField]: ValueOf<Definitions[K]> };
/** The `users` columns of the preferences (schema.ts extends UsersTable with them). */
export type PreferenceColumn = Definitions[PreferenceField]['column'];

export const PREFERENCE_FIELDS = Object.keys(PREFERENCES) as PreferenceField[];

/** Each preference with its definition, in the list's order. */
export function entries(): Array<[PreferenceField, PreferenceDefinition]> {
  return Object.entries(PREFERENCES) as Array<[PreferenceField, PreferenceDefinition]>;
}

function defaults(): Preferences {
  const out: Record<string, unknown> = {};
  for (const [field, definition] of entries()) out[field] = definition.kind === 'set' ? [...definition.default] : definition.default;
  return out as Preferences;
}
/** What a rider who never chose has, and what a visitor without an account sees. */
export const PREFERENCE_DEFAULTS: Preferences = /* @__PURE__ */ defaults();

/** The fields a profile update writes through `preferenceColumns` rather than by their own name (for sentColumns). */
export const PREFERENCES_WRITTEN_APART = /* @__PURE__ */ Object.fromEntries(PREFERENCE_FIELDS.map((field) => [field, null])) as { readonly [K in PreferenceField]: null };

/** The columns to write for the preferences a profile update sent (a set in the list's order, each value once). */
export function preferenceColumns(update: Partial<Preferences>): Partial<Record<PreferenceColumn, string>> {
  const out: Record<string, string> = {};
  for (const [field, definition] of entries()) {
    const value: string | readonly string[] | undefined = update[field];
    if (value === undefined) continue;
    out[definition.column] = typeof value === 'string' ? value : definition.values.filter((v) => value.includes(v)).join(',');
  }
  return out;
}

/** A rider's preferences from their row: NULL (never chose) or a value no longer offered reads as the default. */
export function readPreferences(row: Partial<Record<PreferenceColumn, string | null>>): Preferences {
  const out: Record<string, unknown> = {};
  for (const [field, definition] of entries()) {
    const stored = row[definition.column as PreferenceColumn];
    if (definition.kind === 'set') {
      out[field] = stored === null || stored === undefined ? [...definition.default] : definition.values.filter((v) => stored.split(',').includes(v));
    } else {
      out[field] = stored !== null && stored !== undefined && definition.values.includes(stored) ? stored : definition.default;
    }
  }
  return out as Preferences;
}

/** The preferences among a current user's fields (the web's usePreferences). */
export function preferencesOf(user: Preferences): Preferences {
  const out: Record<string, unknown> = {};
  for (const field of PREFERENCE_FIELDS) out[field] = user[field];
  return out as Preferences;
}
