import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { hashToken, newId, randomToken } from '../platform/tokens';
import { conflict, HttpError, tooManyRequests, unauthorized } from '../platform/errors';
import { notify } from '../notifications/notifications.service';
import { EMAIL_IN_USE_MESSAGE } from '../../shared/users/profile';
import { MAGIC_LINK_INVALID_MESSAGE, MAGIC_LINK_TTL_MS } from '../../shared/auth/magic-link';
import { createAccount, getUser, recordVisit } from '../users/users.service';
import { usersRepository, type UserRow } from '../users/users.repository';
import { sessionsRepository } from './sessions.repository';
import { magicLinksRepository } from './magic-links.repository';
import { confirmEmailMail, signInMail } from './auth.mails';
// Invitations (issue 13): sign-in links issued while completing an invitation.
import { invitationSignInMail } from '../invites/invites.mails';
import { announceJoinBySignIn, completeInvitationOnSignIn } from '../invites/invitation-sign-in';

type Executor = Kysely<Database> | Transaction<Database>;

export const SESSION_TTL_MS = 90 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/** Sign-in links per address and per client IP within one hour (GUIDE section 5). */
export const MAGIC_LINKS_PER_EMAIL_PER_HOUR = 5;
export const MAGIC_LINKS_PER_IP_PER_HOUR = 20;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

async function startSession(db: Executor, userId: string): Promise<IssuedSession> {
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
 * guest account is created and a session started for it.
 */
export async function currentOrNewGuest(ctx: AppContext, userId: string | null): Promise<{ user: UserRow; session: IssuedSession | null }> {
  if (userId) {
    await recordVisit(ctx.db, userId);
    return { user: await getUser(ctx.db, userId), session: null };
  }
  return retryOnUniqueViolation(() =>
    ctx.db.transaction().execute(async (tx) => {
      const user = await createAccount(tx, { email: null, isFirstVisit: true });
      return { user, session: await startSession(tx, user.id) };
    }),
  );
}

function hashIp(ip: string): string {
  // Peppered so the stored value cannot be reversed by hashing the IPv4 space.
  return crypto.createHash('sha256').update(`roadcaptain-ip:${ip}`).digest('hex');
}

async function enforceRateLimit(ctx: AppContext, by: { email: string } | { ipHash: string }, limit: number): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const { count, oldest } = await magicLinksRepository.countSince(ctx.db, by, since);
  if (count < limit) return;
  const retryAfterMs = oldest ? new Date(oldest).getTime() + HOUR_MS - Date.now() : HOUR_MS;
  throw tooManyRequests('Too many sign-in links requested. Please try again later.', retryAfterMs / 1000);
}

type LinkPurpose = 'sign_in' | 'confirm_email';

/**
 * Stores a new single-use link for an address (cancelling the open ones of the same purpose) and
 * mails it. Shared by sign-in and by e-mail confirmation; both count toward the same rate limits.
 */
async function issueLink(
  ctx: AppContext,
  input: {
    email: string;
    ip: string;
    purpose: LinkPurpose;
    requestedByUserId: string | null;
    /** Invitations: the link completes this invitation; not counted per IP (a club on one Wi-Fi). */
    invitationId?: string | null;
    mail?: typeof signInMail;
  },
): Promise<string> {
  const ipHash = hashIp(input.ip);
  await enforceRateLimit(ctx, { email: input.email }, MAGIC_LINKS_PER_EMAIL_PER_HOUR);
  if (!input.invitationId) await enforceRateLimit(ctx, { ipHash }, MAGIC_LINKS_PER_IP_PER_HOUR);

  const token = randomToken();
  const id = newId();
  const now = new Date();
  await ctx.db.transaction().execute(async (tx) => {
    await magicLinksRepository.cancelOpenLinks(tx, input.email, input.purpose, now.toISOString());
    await magicLinksRepository.insert(tx, {
      id,
      token_hash: hashToken(token),
      email: input.email,
      purpose: input.purpose,
      requested_by_user_id: input.requestedByUserId,
      requester_ip_hash: ipHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString(),
      invitation_id: input.invitationId ?? null,
    });
  });

  const link = `${ctx.config.publicUrl}/auth/magic-link?token=${encodeURIComponent(token)}`;
  const mail = input.mail ?? (input.purpose === 'sign_in' ? signInMail : confirmEmailMail);
  try {
    await ctx.mailer.send(mail({ to: input.email, link, appName: ctx.config.appName }));
  } catch (error) {
    ctx.log.error({ err: error }, 'mail with a link could not be sent');
    throw new HttpError(503, 'The e-mail could not be sent. Please try again later.');
  }
  return id;
}

/**
 * POST /api/auth/magic-link. The answer is the same whether or not an account holds the address,
 * so the endpoint cannot be used to find out who has an account.
 */
export async function requestMagicLink(ctx: AppContext, input: { email: string; ip: string }): Promise<void> {
  await issueLink(ctx, { ...input, purpose: 'sign_in', requestedByUserId: null });
}

/**
 * A rider asked to use a new address: it takes effect only when the link mailed to it is opened
 * (GUIDE section 5), so nobody can claim someone else's address.
 */
export async function requestEmailConfirmation(ctx: AppContext, input: { userId: string; email: string; ip: string }): Promise<void> {
  await issueLink(ctx, { email: input.email, ip: input.ip, purpose: 'confirm_email', requestedByUserId: input.userId });
}

// ---- Invitations (issue 13) -------------------------------------------------------------------
/**
 * Completing an invitation with an address: a free address is sent the usual confirmation link; an
 * address that belongs to another account is sent a sign-in link that also completes the invitation
 * for that account (completeInvitationOnSignIn). The caller answers the same either way. Returns the
 * link's id, so the caller can withdraw it when the join fails.
 */
export async function requestInvitationLink(ctx: AppContext, input: { userId: string; email: string; ip: string; invitationId: string }): Promise<string> {
  const holder = await usersRepository.findByEmail(ctx.db, input.email);
  const taken = holder !== undefined && holder.id !== input.userId;
  return issueLink(ctx, {
    email: input.email,
    ip: input.ip,
    purpose: taken ? 'sign_in' : 'confirm_email',
    requestedByUserId: input.userId,
    invitationId: input.invitationId,
    ...(taken ? { mail: invitationSignInMail } : {}),
  });
}

/** Cancels a link that was mailed for a step that then failed. */
export async function withdrawLink(ctx: AppContext, id: string): Promise<void> {
  await magicLinksRepository.cancelById(ctx.db, id, nowIso());
}
// ---- end of invitations -----------------------------------------------------------------------

/**
 * POST /api/auth/verify-magic-link. Consumes the token and signs the browser in: into the account
 * that owns the address, or, when no account has it, by attaching it to the current guest (keeping
 * the guest's data). The session id is always rotated. One transaction: a failure consumes nothing.
 */
export async function verifyMagicLink(
  ctx: AppContext,
  input: { token: string; currentSessionToken: string | undefined },
): Promise<{ user: UserRow; session: IssuedSession; invitationGroupSlug: string | null }> {
  const currentUserId = await resolveSession(ctx.db, input.currentSessionToken);
  const result = await retryOnUniqueViolation(() =>
    ctx.db.transaction().execute(async (tx) => {
      const link = await magicLinksRepository.consume(tx, hashToken(input.token), nowIso());
      if (!link) throw unauthorized(MAGIC_LINK_INVALID_MESSAGE);

      const user =
        link.purpose === 'confirm_email' && link.requested_by_user_id
          ? await confirmAddress(tx, link.requested_by_user_id, link.email)
          : await accountForAddress(tx, link.email, currentUserId);
      // Invitations (issue 13): a link issued for an invitation makes this account a member too.
      const invitation = await completeInvitationOnSignIn(tx, link, user.id);
      if (input.currentSessionToken) await sessionsRepository.delete(tx, hashToken(input.currentSessionToken));
      return { user, session: await startSession(tx, user.id), confirmed: link.purpose === 'confirm_email' ? link.email : null, invitation };
    }),
  );
  await announceJoinBySignIn(ctx, result.invitation);
  if (result.confirmed) {
    await notify(ctx, result.user.id, 'profile_updated', 'Email confirmed', `${result.confirmed} is now the e-mail address of your account.`);
  }
  return { user: result.user, session: result.session, invitationGroupSlug: result.invitation?.group.slug ?? null };
}

/** Moves a confirmed address onto the account that asked for it, unless another account took it meanwhile. */
async function confirmAddress(tx: Executor, userId: string, email: string): Promise<UserRow> {
  const holder = await usersRepository.findByEmail(tx, email);
  if (holder && holder.id !== userId) throw conflict(EMAIL_IN_USE_MESSAGE);
  await usersRepository.updateFields(tx, userId, { email });
  const user = await usersRepository.findById(tx, userId);
  if (!user) throw unauthorized(MAGIC_LINK_INVALID_MESSAGE);
  return user;
}

async function accountForAddress(tx: Executor, email: string, currentUserId: string | null): Promise<UserRow> {
  const owner = await usersRepository.findByEmail(tx, email);
  if (owner) return owner;
  if (currentUserId && (await usersRepository.attachEmail(tx, currentUserId, email))) {
    return (await usersRepository.findById(tx, currentUserId))!;
  }
  // No session, or the current account already has another address: a new account for this one.
  return createAccount(tx, { email, isFirstVisit: false });
}

export async function logout(ctx: AppContext, sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await sessionsRepository.delete(ctx.db, hashToken(sessionToken));
}
