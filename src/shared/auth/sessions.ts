import type { I18n, MessageDescriptor } from '@lingui/core';
import { z } from 'zod';
import { calendarFeedSchema } from '../calendar/calendar-feed';

/** A session unused this long is over; a session lasts 90 days at most either way. */
export const SESSION_IDLE_TIMEOUT_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
export const SESSION_LAST_SEEN_WRITE_INTERVAL_MS = 3600 * 1000;

/** One of the rider's signed-in browsers (GET /api/auth/sessions). */
export const sessionSchema = z.object({
  /** Opaque id, for signing this session out; not the cookie and not its hash. */
  id: z.uuid(),
  /**
   * The browser in plain English words, from its User-Agent: "Chrome on Android" (for API clients;
   * the web app writes it in the language it shows, from `browser` and `system`, with describeDevice).
   */
  device: z.string(),
  /** The browser's product name ("Chrome"), null when the User-Agent names none we know. */
  browser: z.string().nullable(),
  /** The system's product name ("Android"), null when the User-Agent names none we know. */
  system: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
  /** This browser gets web pushes ("Notifications on this device"); they end with the session. */
  push: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** DELETE /api/auth/sessions/{id} */
export const sessionIdParamsSchema = z.object({ id: z.uuid('Session not found') });

/**
 * POST /api/auth/sessions/sign-out-others: how many sessions ended, and the calendar feed's new
 * address (replaced with them, since the feed is read without a session), or null for a rider
 * without a feed.
 */
export const signOutOthersResultSchema = z.object({ success: z.literal(true), signedOut: z.number().int(), calendarFeed: calendarFeedSchema.nullable() }).strict();
export type SignOutOthersResult = z.infer<typeof signOutOthersResultSchema>;

/**
 * DELETE /api/auth/sessions/{id}: the calendar feed's new address when another device was put out
 * (null when this browser signed itself out, or the rider has no feed).
 */
export const signOutSessionResultSchema = z.object({ success: z.literal(true), calendarFeed: calendarFeedSchema.nullable() }).strict();
export type SignOutSessionResult = z.infer<typeof signOutSessionResultSchema>;

/** POST /api/auth/email-change/resend */
export const emailChangeResendResultSchema = z.object({ success: z.literal(true), emailConfirmationSentTo: z.string() });

export const NO_PENDING_EMAIL_MESSAGE = 'No address is waiting for confirmation';

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and the system a User-Agent names, by their product names (never translated). */
export function deviceParts(userAgent: string | null | undefined): { browser: string | null; system: string | null } {
  const ua = userAgent ?? '';
  return { browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null, system: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null };
}

/**
 * "Chrome on Android", "Safari on iPhone", "Firefox on Windows": a device's browser and system in
 * plain words of `i18n`'s language, "Unknown browser" when neither is known.
 */
export function describeDevice({ browser, system }: { browser: string | null; system: string | null }, i18n: I18n): string {
  if (browser && system) return say(i18n, DEVICE_TEXTS.browserOnSystem, { browser, system });
  if (browser) return browser;
  if (system) return say(i18n, DEVICE_TEXTS.someBrowserOnSystem, { system });
  return i18n._(DEVICE_TEXTS.unknown);
}

function say(i18n: I18n, text: MessageDescriptor, values: Record<string, string>): string {
  return i18n._(text.id, values, { message: text.message });
}

/** The words around a browser's and a system's names, in the rider's language (the names are the products'). */
const DEVICE_TEXTS = {
  browserOnSystem: /*i18n*/ { id: 'sessions.device.browser_on_system', message: '{browser} on {system}' },
  someBrowserOnSystem: /*i18n*/ { id: 'sessions.device.browser_on', message: 'Browser on {system}' },
  unknown: /*i18n*/ { id: 'sessions.device.unknown', message: 'Unknown browser' },
};
