import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { retryOnUniqueViolation } from '../db/unique-violation';
import { hashToken, newId, randomToken } from '../platform/tokens';
import { serviceUnavailable, unauthorized } from '../platform/errors';
import { publishNotifications, recordNotifications } from '../notifications/notifications.service';
import { MAGIC_LINK_TTL_MS } from '../../shared/auth/magic-link';
import { createAccount, mergeGuestInto } from '../users/users.service';
import type { ShippedLocale } from '../../shared/i18n/locales';
import { usersRepository, type UserRow } from '../users/users.repository';
import { sessionsRepository } from './sessions.repository';
import { magicLinksRepository, type MagicLinkRow } from './magic-links.repository';
import type { I18n } from '@lingui/core';
import type { OutgoingMail } from '../platform/mailer';
import { i18nFor } from '../i18n/i18n.service';
import { addressTakenMail, confirmEmailMail, signInMail, type LinkMailInput } from './auth.mails';
import { endSessionsAfterEmailChange, mailPreviousAddress, resolveSession, startSession, type IssuedSession } from './sessions.service';
import { enforceLinkRateLimit, hashIp, INVITATION_LINKS_PER_IP_PER_HOUR, MAGIC_LINKS_PER_EMAIL_PER_HOUR, MAGIC_LINKS_PER_IP_PER_HOUR } from './link-rate-limits.service';
// Invitations: sign-in links issued while completing an invitation.
import { announceJoinBySignIn, completeInvitationOnSignIn } from '../invites/invitation-sign-in.service';
import { replaceFeedAddress } from '../calendar/calendar.service';

type Executor = Kysely<Database> | Transaction<Database>;


export type LinkPurpose = 'sign_in' | 'confirm_email';
/** Builds the mail carrying a link; `link` is the full URL built from PUBLIC_URL. */
export type LinkMailBuilder = (i18n: I18n, input: LinkMailInput) => OutgoingMail;

export interface IssueLinkInput {
  email: string;
  ip: string;
  purpose: LinkPurpose;
  /** The account that asked (confirm_email: the account the address will move to). */
  requestedByUserId: string | null;
  /** The nonce of the asking browser's link cookie (link-nonce-cookie.ts); null binds the link to no browser. */
  browserNonce: string | null;
  /** False for links mailed while accepting an invitation: counted per IP apart, with their own limit. */
  countTowardIpLimit: boolean;
  /** The mail to send; by default the sign-in or confirmation mail of the purpose. */
  mail?: LinkMailBuilder;
  /** The invitation the link is sent for, if any (stored only). */
  invitationId?: string | null;
  /** The language the mail is written in (issue 31 point 7; the caller chooses it), English when null. */
  language: string | null;
}

/**
 * Stores a new single-use link for an address (cancelling the open ones of the same purpose) and
 * mails it. Shared by sign-in and by e-mail confirmation; both count toward the same rate limits.
 */
export async function issueLink(ctx: AppContext, input: IssueLinkInput): Promise<string> {
  const ipHash = hashIp(input.ip);
  const token = randomToken();
  const id = newId();
  const now = new Date();
  await ctx.db.transaction().execute(async (tx) => {
    // One link at a time, so each is counted against the limits with every link issued before it.
    await magicLinksRepository.lockIssuing(tx, ctx.engine);
    await magicLinksRepository.cancelOpenLinks(tx, input.email, input.purpose, now.toISOString());
    await enforceLinkRateLimit(tx, { email: input.email }, MAGIC_LINKS_PER_EMAIL_PER_HOUR);
    await enforceLinkRateLimit(
      tx,
      { ipHash, countsTowardIpLimit: input.countTowardIpLimit },
      input.countTowardIpLimit ? MAGIC_LINKS_PER_IP_PER_HOUR : INVITATION_LINKS_PER_IP_PER_HOUR,
    );
    // One address waits for confirmation at a time (the one Preferences shows): asking for another
    // ends the link to the one asked for before, which would still have handed its mailbox's
    // owner this account.
    if (input.purpose === 'confirm_email' && input.requestedByUserId) await magicLinksRepository.cancelOpenConfirmations(tx, input.requestedByUserId, now.toISOString());
    await magicLinksRepository.insert(tx, {
      id,
      token_hash: hashToken(token),
      email: input.email,
      purpose: input.purpose,
      requested_by_user_id: input.requestedByUserId,
      requester_ip_hash: ipHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString(),
      browser_nonce_hash: input.browserNonce ? hashToken(input.browserNonce) : null,
      invitation_id: input.invitationId ?? null,
      counts_toward_ip_limit: input.countTowardIpLimit ? 1 : 0,
    });
  });

  const link = `${ctx.config.publicUrl}/auth/magic-link?token=${encodeURIComponent(token)}`;
  const mail = input.mail ?? (input.purpose === 'sign_in' ? signInMail : confirmEmailMail);
  try {
    await ctx.mailer.send(mail(await i18nFor(input.language), { to: input.email, link, appName: ctx.config.appName }));
  } catch (error) {
    ctx.log.error({ err: error }, 'mail with a link could not be sent');
    throw serviceUnavailable('email_not_sent');
  }
  return id;
}

/**
 * POST /api/auth/magic-link. The answer is the same whether or not an account holds the address,
 * so the endpoint cannot be used to find out who has an account. The link is bound to the asking
 * browser's nonce.
 */
export async function requestMagicLink(ctx: AppContext, input: { email: string; ip: string; browserNonce: string; browserLanguage: string | null }): Promise<void> {
  await issueLink(ctx, {
    // In the language of the browser that asked (issue 31 point 7), English when it names none of ours.
    language: input.browserLanguage,
    email: input.email,
    ip: input.ip,
    purpose: 'sign_in',
    // Not the asking account: the link's row would go with it (the foreign key cascades) when a
    // guest is merged, and rows are what the rate limits count.
    requestedByUserId: null,
    browserNonce: input.browserNonce,
    countTowardIpLimit: true,
  });
}

/**
 * A rider asked to use a new address: it takes effect only when the link mailed to it is opened
 * (GUIDE section 5), so nobody can claim someone else's address. Opened where the rider is signed
 * in (or in the browser whose nonce is given) it confirms at once; elsewhere it asks first. The
 * same link row is stored, and the same answer given, whether or not another account holds the
 * address (nothing tells the rider who has an account); only the mail differs: to a held address
 * it says so, and its link signs into the account holding it (see confirmAddress).
 */
export async function requestEmailConfirmation(
  ctx: AppContext,
  input: { userId: string; email: string; ip: string; browserNonce?: string | null; browserLanguage: string | null; requesterLanguage?: string | null },
): Promise<void> {
  const holder = await usersRepository.findByEmail(ctx.db, input.email);
  const taken = holder !== undefined && holder.id !== input.userId;
  // The address's owner reads the "already taken" mail: in their saved language. The confirmation
  // goes to the rider who asked: in theirs (the one saved with the same request, when it comes with
  // one). Either falls back to the language of the browser that asked.
  const requesterLanguage = input.requesterLanguage !== undefined ? input.requesterLanguage : ((await usersRepository.findById(ctx.db, input.userId))?.language ?? null);
  await issueLink(ctx, {
    email: input.email,
    ip: input.ip,
    purpose: 'confirm_email',
    requestedByUserId: input.userId,
    browserNonce: input.browserNonce ?? null,
    countTowardIpLimit: true,
    mail: taken ? addressTakenMail : confirmEmailMail,
    language: (taken ? holder.language : requesterLanguage) ?? input.browserLanguage,
  });
}

export type VerifyResult =
  | { status: 'signed_in'; purpose: LinkPurpose; user: UserRow; session: IssuedSession; invitationGroupSlug: string | null }
  | { status: 'confirmation_required'; purpose: LinkPurpose; email: string };

/**
 * Whether the link is opened by whoever asked for it: the browser holding the nonce it was bound
 * to, or (for an address confirmation) the account that asked, signed in.
 */
function openedByRequester(link: MagicLinkRow, browserNonce: string | null, currentUserId: string | null): boolean {
  if (link.browser_nonce_hash && browserNonce) {
    const a = Buffer.from(hashToken(browserNonce));
    const b = Buffer.from(link.browser_nonce_hash);
    if (a.length === b.length && crypto.timingSafeEqual(a, b)) return true;
  }
  return link.purpose === 'confirm_email' && currentUserId !== null && link.requested_by_user_id === currentUserId;
}

/**
 * Completing an invitation with an address: a free address is sent the usual confirmation link; an
 * address that belongs to another account is sent a sign-in link that also completes the invitation
 * for that account (completeInvitationOnSignIn). The caller answers the same either way. Returns the
 * link's id, so the caller can withdraw it when the join fails. Bound to the landing's browser like
 * any link; not counted per client address (a whole club on one Wi-Fi scans one QR code). The
 * invitations domain writes the sign-in mail (`signInMail`).
 */
export async function requestInvitationLink(
  ctx: AppContext,
  input: {
    userId: string;
    email: string;
    ip: string;
    invitationId: string;
    browserNonce: string | null;
    signInMail: LinkMailBuilder;
    /** The language of the invitee's browser, null when it names none of ours. */
    browserLanguage: string | null;
    /** The language the inviter chose, stored with the invitation. */
    invitationLanguage: string | null;
  },
): Promise<string> {
  const holder = await usersRepository.findByEmail(ctx.db, input.email);
  const taken = holder !== undefined && holder.id !== input.userId;
  // The invitee's language when known (the account's saved one, else the browser's), else the inviter's choice (issue 31 point 7).
  const inviteeLanguage = (taken ? holder.language : null) ?? input.browserLanguage;
  return issueLink(ctx, {
    email: input.email,
    ip: input.ip,
    purpose: taken ? 'sign_in' : 'confirm_email',
    requestedByUserId: input.userId,
    invitationId: input.invitationId,
    browserNonce: input.browserNonce,
    countTowardIpLimit: false,
    language: inviteeLanguage ?? input.invitationLanguage,
    ...(taken ? { mail: input.signInMail } : {}),
  });
}

/** Cancels a link that was mailed for a step that then failed. */
export async function withdrawLink(ctx: AppContext, id: string): Promise<void> {
  await magicLinksRepository.cancelById(ctx.db, id, nowIso());
}

/**
 * POST /api/auth/verify-magic-link. In the browser that asked for the link: consumes the token and
 * signs in, into the account that owns the address (a guest's things move to it, see
 * mergeGuestInto) or, when no account has it, by attaching it to the current guest. Anywhere else
 * it consumes nothing and answers `confirmation_required` with the address, until the same request
 * comes with `confirm: true`; then it signs into the address's own account (created if needed),
 * never touching the guest that opened it. The session id is always rotated. One transaction: a
 * failure consumes nothing.
 */
export async function verifyMagicLink(
  ctx: AppContext,
  input: { token: string; currentSessionToken: string | undefined; browserNonce: string | null; confirm?: boolean; language: ShippedLocale },
): Promise<VerifyResult> {
  const currentUserId = await resolveSession(ctx.db, input.currentSessionToken);
  const tokenHash = hashToken(input.token);
  const found = await magicLinksRepository.findUsable(ctx.db, tokenHash, nowIso());
  if (!found) throw unauthorized('magic_link_invalid');
  const purpose = found.purpose as LinkPurpose;
  if (!openedByRequester(found, input.browserNonce, currentUserId) && !input.confirm) {
    return { status: 'confirmation_required', purpose, email: found.email };
  }

  const result = await retryOnUniqueViolation(() =>
    ctx.db.transaction().execute(async (tx) => {
      const link = await magicLinksRepository.consume(tx, tokenHash, nowIso());
      if (!link) throw unauthorized('magic_link_invalid');
      const sameBrowser = openedByRequester(link, input.browserNonce, currentUserId);

      const confirmation = link.purpose === 'confirm_email' && link.requested_by_user_id ? await confirmAddress(tx, link.requested_by_user_id, link.email) : null;
      // A link issued for an invitation makes the address's account a member. Done before a guest is
      // merged into that account, so the owner hears of the account joining, not of a guest.
      const holder = link.invitation_id && !confirmation ? await usersRepository.findByEmail(tx, link.email) : undefined;
      let invitation = holder ? await completeInvitationOnSignIn(tx, ctx.engine, link, holder.id) : null;
      let user: UserRow;
      if (confirmation) {
        user = confirmation.user;
      } else if (sameBrowser) {
        user = await accountForAddress(tx, link.email, currentUserId, input.language);
      } else {
        // Confirmed in another browser: whoever opened it gets the address's own account, and the
        // guest they were keeps its things (it is not given to whoever asked for the link).
        user = (await usersRepository.findByEmail(tx, link.email)) ?? (await createAccount(tx, { email: link.email, isFirstVisit: false, language: input.language }));
      }
      invitation ??= await completeInvitationOnSignIn(tx, ctx.engine, link, user.id);
      if (input.currentSessionToken) await sessionsRepository.delete(tx, hashToken(input.currentSessionToken));
      const session = await startSession(tx, user.id);
      // The account now belongs to whoever reads that mailbox: every other session ends, also for a
      // first address (a guest that asked for someone else's address must not stay signed in to it).
      if (confirmation) {
        // Any other address this account asked for can no longer be confirmed: its link would
        // take the account back from whoever now reads the confirmed address.
        await magicLinksRepository.cancelOpenConfirmations(tx, user.id, nowIso());
        await endSessionsAfterEmailChange(tx, user.id, session.token);
        // The calendar feed is read without a session: its old address ends too.
        await replaceFeedAddress(ctx, tx, user.id);
      }
      // The account is told of its confirmed address in the same transaction: what commits is told.
      const told = confirmation ? await recordNotifications(tx, [user.id], { type: 'profile_updated', params: { address: link.email } }) : [];
      return { user, session, confirmed: confirmation ? link.email : null, previousEmail: confirmation?.previousEmail ?? null, invitation, told };
    }),
  );
  await announceJoinBySignIn(ctx, result.invitation);
  await publishNotifications(ctx, result.told);
  if (result.confirmed && result.previousEmail) await mailPreviousAddress(ctx, result.user.id, result.previousEmail, result.confirmed);
  return { status: 'signed_in', purpose, user: result.user, session: result.session, invitationGroupSlug: result.invitation?.group.slug ?? null };
}

/**
 * Moves a confirmed address onto the account that asked for it. previousEmail is the address it
 * replaced (null for a first address, or when nothing changed). When another account holds the
 * address (it did when the link was asked for, or took it meanwhile), null: whoever opened the
 * mail controls the address, so the link signs into that account like a sign-in link.
 */
async function confirmAddress(tx: Executor, userId: string, email: string): Promise<{ user: UserRow; previousEmail: string | null } | null> {
  const holder = await usersRepository.findByEmail(tx, email);
  if (holder && holder.id !== userId) return null;
  const before = await usersRepository.findById(tx, userId);
  if (!before) throw unauthorized('magic_link_invalid');
  await usersRepository.updateFields(tx, userId, { email });
  const user = (await usersRepository.findById(tx, userId))!;
  return { user, previousEmail: before.email && before.email !== email ? before.email : null };
}

async function accountForAddress(tx: Transaction<Database>, email: string, currentUserId: string | null, language: ShippedLocale): Promise<UserRow> {
  const owner = await usersRepository.findByEmail(tx, email);
  if (owner) {
    // A guest signing into an existing account keeps what it did (same browser only).
    if (currentUserId && currentUserId !== owner.id) await mergeGuestInto(tx, currentUserId, owner.id);
    return (await usersRepository.findById(tx, owner.id))!;
  }
  if (currentUserId && (await usersRepository.attachEmail(tx, currentUserId, email))) {
    return (await usersRepository.findById(tx, currentUserId))!;
  }
  // No session, or the current account already has another address: a new account for this one.
  return createAccount(tx, { email, isFirstVisit: false, language });
}
