import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { hashToken, randomToken } from '../platform/tokens';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { createAccount, getUser, recordVisit } from '../users/users.service';
import type { ShippedLocale } from '../../shared/i18n/locales';
import type { UserRow } from '../users/users.repository';
import { notFound } from '../platform/errors';
import { i18nFor, i18nOfUserId } from '../i18n/i18n.service';
import { describeDevice, deviceParts, SESSION_LAST_SEEN_WRITE_INTERVAL_MS, type Session } from '../../shared/auth/sessions';
import { sessionsRepository } from './sessions.repository';
import { pushRepository } from '../push/push.repository';
import { addressChangedMail } from './auth.mails';
import { replaceFeedAddress } from '../calendar/calendar.service';
import type { CalendarFeed } from '../../shared/calendar/calendar-feed';

type Executor = Kysely<Database> | Transaction<Database>;

/** Long User-Agent strings are cut: only the browser and system are ever shown. */
const USER_AGENT_MAX_LENGTH = 512;

/**
 * The session behind a request's cookie (app.ts, every /api/ request): the account and the
 * session's public id, or null. Use is recorded at most once an hour per session (and once more
 * when the browser is not yet known), so a read costs one indexed lookup and no write.
 */
export async function resolveRequestSession(
  db: Executor,
  token: string | undefined,
  userAgent: string | undefined,
): Promise<{ userId: string; sessionId: string } | null> {
  if (!token) return null;
  const now = new Date();
  const idHash = hashToken(token);
  const session = await sessionsRepository.findValid(db, idHash, now.toISOString());
  if (!session) return null;
  const stale = now.getTime() - new Date(session.last_seen_at).getTime() >= SESSION_LAST_SEEN_WRITE_INTERVAL_MS;
  if (stale || session.user_agent === null) {
    await sessionsRepository.touch(db, idHash, now.toISOString(), userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : '');
  }
  return { userId: session.user_id, sessionId: session.public_id };
}

/** GET /api/auth/sessions: the rider's sessions that still count, this browser's first. */
export async function listSessions(ctx: AppContext, userId: string, currentSessionId: string | null): Promise<Session[]> {
  const rows = await sessionsRepository.listValid(ctx.db, userId, nowIso());
  const withPush = await pushRepository.sessionsWithPush(ctx.db, userId);
  // `device` in English for API clients; the web app writes it in the language it shows, from the parts.
  const english = await i18nFor(null);
  const sessions = rows.map((row) => ({
    id: row.public_id,
    ...deviceParts(row.user_agent),
    device: describeDevice(deviceParts(row.user_agent), english),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.public_id === currentSessionId,
    push: withPush.has(row.public_id),
  }));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/**
 * POST /api/auth/sessions/sign-out-others: every session of the rider but the asking one ends, and
 * in the same transaction the calendar feed gets a new address (a device put out may have taken
 * the old one, and the feed is read without a session). Answers the new feed for Preferences.
 */
export async function signOutOtherSessions(ctx: AppContext, userId: string, currentToken: string): Promise<{ signedOut: number; calendarFeed: CalendarFeed | null }> {
  return ctx.db.transaction().execute(async (tx) => {
    const signedOut = await sessionsRepository.deleteOthers(tx, userId, hashToken(currentToken));
    return { signedOut, calendarFeed: await replaceFeedAddress(ctx, tx, userId) };
  });
}

/**
 * DELETE /api/auth/sessions/{id}: ends one of the rider's own sessions. Another rider's session,
 * one already ended or an unknown id all answer 404 alike. Putting out another device (a lost
 * phone) replaces the calendar feed's address in the same transaction, as signing out every other
 * device does; ending this browser's own session is signing out, and keeps it.
 */
export async function signOutSession(ctx: AppContext, userId: string, sessionId: string, currentSessionId: string | null): Promise<{ calendarFeed: CalendarFeed | null }> {
  return ctx.db.transaction().execute(async (tx) => {
    if (!(await sessionsRepository.deleteOwn(tx, userId, sessionId))) throw notFound('session_not_found');
    return { calendarFeed: sessionId === currentSessionId ? null : await replaceFeedAddress(ctx, tx, userId) };
  });
}

/**
 * A confirmed address replaced another (verifyMagicLink): every session of the account but the one
 * just started ends, so whoever could sign in through the old mailbox is signed out everywhere.
 */
export async function endSessionsAfterEmailChange(tx: Executor, userId: string, keepToken: string): Promise<void> {
  await sessionsRepository.deleteOthers(tx, userId, hashToken(keepToken));
}

/** Tells the previous address that the account moved, so an unwanted change does not go unnoticed; in the rider's saved language. */
export async function mailPreviousAddress(ctx: AppContext, userId: string, previousEmail: string, newEmail: string): Promise<void> {
  try {
    await ctx.mailer.send(addressChangedMail(await i18nOfUserId(ctx.db, userId), { to: previousEmail, newEmail, appName: ctx.config.appName }));
  } catch (error) {
    // The change is done and confirmed; a failed notice must not undo the sign-in.
    ctx.log.error({ err: error }, 'mail to the previous address could not be sent');
  }
}

export const SESSION_TTL_MS = 90 * 24 * 3600 * 1000;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(db: Executor, userId: string): Promise<IssuedSession> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await sessionsRepository.insert(db, { idHash: hashToken(token), userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() });
  return { token, expiresAt };
}

/** The user id behind a session cookie, or null when it is absent, unknown or expired. */
export async function resolveSession(db: Executor, token: string | undefined): Promise<string | null> {
  if (!token) return null;
  const session = await sessionsRepository.findValid(db, hashToken(token), nowIso());
  return session?.user_id ?? null;
}

/**
 * GET /api/users/current: every visitor has an account (GUIDE section 5). Without a valid session a
 * guest account is created, in the visitor's language, and a session started for it.
 */
export async function currentOrNewGuest(ctx: AppContext, userId: string | null, language: ShippedLocale): Promise<{ user: UserRow; session: IssuedSession | null }> {
  if (userId) {
    await recordVisit(ctx.db, userId);
    return { user: await getUser(ctx.db, userId), session: null };
  }
  return retryOnUniqueViolation(() =>
    ctx.db.transaction().execute(async (tx) => {
      const user = await createAccount(tx, { email: null, isFirstVisit: true, language });
      return { user, session: await startSession(tx, user.id) };
    }),
  );
}

export async function logout(ctx: AppContext, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await sessionsRepository.delete(ctx.db, hashToken(sessionToken));
}
