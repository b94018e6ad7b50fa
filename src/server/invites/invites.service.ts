import QRCode from 'qrcode';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../platform/errors';
import { hashToken, newId, randomToken } from '../platform/tokens';
import { INVITATION_MAILS_PER_DAY, INVITATION_TTL_MS, type CompletedInvitation, type CreatedInvitation, type CreateInvitationInput, type InvitationView, type OpenInvitation } from '../../shared/invites/invitation';
import { requestInvitationLink, withdrawLink } from '../auth/auth.service';
import { usersRepository } from '../users/users.repository';
import { activeLanguage, i18nFor, type BrowserLanguages } from '../i18n/i18n.service';
import { groupsRepository } from '../groups/groups.repository';
import { loadGroup, publishNewMember, recordNewMember, type NewMemberNews } from '../groups/groups.service';
import { settleNotifications } from '../notifications/notifications.service';
import { assertNotBanned, membershipStatusOf } from '../groups/groups.policy';
import { invitesRepository, type Executor } from './invites.repository';
import { assertMayInvite, alreadyInGroup } from './invites.policy';
import { invitationMail, invitationSignInMail } from './invites.mails';

const DAY_MS = 24 * 3600 * 1000;

/** The group, if the actor may invite to it (the policy's `invite` ability); 403 otherwise. */
async function loadForInviting(ctx: AppContext, actorId: string, groupId: string) {
  const group = await loadGroup(ctx, groupId, actorId);
  assertMayInvite(membershipStatusOf(group, actorId));
  return group;
}

/**
 * The actor's right to invite asked again inside the transaction that acts on it, under the group's
 * lock (lockStanding): an organizer removed or demoted since the first read invites or revokes nothing.
 */
async function assertMayInviteUnderLock(ctx: AppContext, tx: Transaction<Database>, actorId: string, groupId: string): Promise<void> {
  const standing = await groupsRepository.lockStanding(tx, ctx.engine, groupId, actorId, 'share');
  if (!standing) throw notFound('group_not_found');
  assertMayInvite(membershipStatusOf(standing, actorId));
}

/**
 * Invitation mails: only from a rider with a confirmed address, at most INVITATION_MAILS_PER_DAY in
 * 24 hours, counted from the invitations table (so the limit holds across processes and restarts).
 */
async function assertMayMail(db: Executor, actorId: string): Promise<void> {
  const actor = await usersRepository.findById(db, actorId);
  if (!actor?.email) throw forbidden('invitation_mail_needs_email');
  const { count, oldest } = await invitesRepository.countMailedSince(db, actorId, new Date(Date.now() - DAY_MS).toISOString());
  if (count < INVITATION_MAILS_PER_DAY) return;
  const retryAfterMs = oldest ? new Date(oldest).getTime() + DAY_MS - Date.now() : DAY_MS;
  throw tooManyRequests('invitation_mail_limit', retryAfterMs / 1000, { max: INVITATION_MAILS_PER_DAY });
}

/**
 * POST /api/groups/{id}/invite (owner only). Invitation tokens follow the sign-in token rules:
 * 32 random bytes, stored hashed, expiring (7 days), for one rider.
 */
export async function createInvitation(ctx: AppContext, actorId: string, groupId: string, input: CreateInvitationInput, browser: BrowserLanguages): Promise<CreatedInvitation> {
  await loadForInviting(ctx, actorId, groupId);
  // The inviter's choice of language for the invitation's mails: the one they are using the app in.
  const language = activeLanguage(browser, (await usersRepository.findById(ctx.db, actorId))?.language);
  if (input.inviteeEmail) await assertMayMail(ctx.db, actorId);
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  const row = {
    id: newId(),
    token_hash: hashToken(token),
    group_id: groupId,
    inviter_id: actorId,
    inviter_first_name: input.inviterFirstName,
    invitee_name: input.inviteeName || null,
    invitee_email: input.inviteeEmail || null,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    used_at: null,
    used_by_user_id: null,
    revoked_at: null,
    language,
  };
  await ctx.beforeLock?.('invitation-manage');
  await ctx.db.transaction().execute(async (tx) => {
    await assertMayInviteUnderLock(ctx, tx, actorId, groupId);
    if (input.inviteeEmail) {
      // Counted again under the inviter's lock, where the invitation is stored: invitations asked
      // for at once may not together mail more than the day's limit.
      await invitesRepository.lockInviter(tx, actorId);
      await assertMayMail(tx, actorId);
    }
    await invitesRepository.insert(tx, row);
  });
  const magicLink = `${ctx.config.publicUrl}/invite/${token}`;
  const qrCodeDataUrl = await QRCode.toDataURL(magicLink, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  if (input.inviteeEmail) {
    try {
      // The invitee's saved language when they are a rider, else the one the inviter chose.
      const invitee = await usersRepository.findByEmail(ctx.db, input.inviteeEmail.trim().toLowerCase());
      const i18n = await i18nFor(invitee?.language ?? language);
      await ctx.mailer.send(invitationMail(i18n, { to: input.inviteeEmail, link: magicLink, appName: ctx.config.appName, inviter: input.inviterFirstName }));
    } catch (error) {
      // The owner still has the link and QR code to share by hand.
      ctx.log.error({ err: error }, 'invitation mail could not be sent');
    }
  }
  return { success: true as const, magicLink, qrCodeDataUrl, expiresAt };
}

async function usableInvitation(ctx: AppContext, token: string) {
  const invitation = await invitesRepository.findUsable(ctx.db, hashToken(token), nowIso());
  if (!invitation) throw notFound('invitation_invalid');
  return invitation;
}

/** Whether the viewer is already inside the group (member or owner): the invitation is not for them. */
async function isAlreadyInside(ctx: AppContext, groupId: string, viewerId: string | null): Promise<boolean> {
  if (!viewerId) return false;
  const group = await loadGroup(ctx, groupId, viewerId);
  return alreadyInGroup(membershipStatusOf(group, viewerId));
}

/** GET /api/invite/{token}: what the landing page shows. Open to anyone holding the link. */
export async function viewInvitation(ctx: AppContext, viewerId: string | null, token: string): Promise<InvitationView> {
  const invitation = await usableInvitation(ctx, token);
  const viewer = viewerId ? await usersRepository.findById(ctx.db, viewerId) : undefined;
  return {
    success: true as const,
    group: { id: invitation.group_id, name: invitation.group_name, slug: invitation.group_slug, description: invitation.group_description, groupImageUrl: invitation.group_image_url },
    invitation: { inviteeName: invitation.invitee_name, expiresAt: invitation.expires_at },
    inviter: { firstName: invitation.inviter_first_name, userId: invitation.inviter_handle },
    needsEmail: !viewer?.email,
    alreadyMember: await isAlreadyInside(ctx, invitation.group_id, viewer?.id ?? null),
  };
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/** The invitation-specific words for a link that could not be mailed: nothing happened, the invitation still works. */
function explainLinkFailure(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  if (error.statusCode === 429) {
    const code = error.code === 'too_many_invitation_links' ? 'invitation_network_limit' : 'invitation_address_limit';
    return new HttpError(429, code, undefined, { headers: error.headers });
  }
  if (error.statusCode === 503) {
    return new HttpError(503, 'invitation_email_not_sent', undefined, { headers: error.headers });
  }
  return error;
}

/**
 * POST /api/invite/{token}/complete: joins the visitor's account to the group (the owner invited
 * them, so approval is skipped). An account without a confirmed e-mail must give one: it is sent a
 * link first (to confirm the address, or, when another account has it, to sign in to that account,
 * which completes the invitation for it too), and only then is the visitor joined. The answer is the
 * same either way, so it does not tell whether an address has an account. All or nothing: when the
 * mail cannot go out nothing is used; when the join loses a race the mailed link is withdrawn.
 * A member or the owner completing it uses nothing.
 */
export async function completeInvitation(ctx: AppContext, userId: string, token: string, input: { email?: string | null; ip: string; browserNonce: string | null; browserLanguage: string | null }): Promise<CompletedInvitation> {
  const invitation = await usableInvitation(ctx, token);
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw notFound('invitation_invalid');
  const answer = { success: true as const, groupId: invitation.group_id, groupSlug: invitation.group_slug };
  if (await isAlreadyInside(ctx, invitation.group_id, userId)) return { ...answer, alreadyMember: true, emailSentTo: null };
  // Before any link is mailed: a rider kept from rejoining is not let back by an invitation.
  assertNotBanned(await groupsRepository.isBanned(ctx.db, invitation.group_id, userId));

  let email: string | null = null;
  if (!user.email) {
    if (!input.email?.trim()) throw badRequest('email_required');
    const parsed = emailSchema.safeParse(input.email);
    if (!parsed.success) throw badRequest('email_invalid');
    email = parsed.data;
  }

  const linkId = email
    ? await requestInvitationLink(ctx, {
        userId,
        email,
        ip: input.ip,
        invitationId: invitation.id,
        browserNonce: input.browserNonce,
        signInMail: invitationSignInMail,
        browserLanguage: input.browserLanguage,
        invitationLanguage: invitation.language,
      }).catch((error: unknown) => {
        throw explainLinkFailure(error);
      })
    : null;

  let joined: NewMemberNews | null = null;
  await ctx.beforeLock?.('invitation');
  try {
    await ctx.db.transaction().execute(async (tx) => {
      // Under the group's lock, which a removal takes first: the invitation (markUsed: unused,
      // unrevoked, unexpired, its inviter may still invite) and the rider's standing are read as they are now.
      const standing = await groupsRepository.lockStanding(tx, ctx.engine, invitation.group_id, userId, 'update');
      if (!standing) throw notFound('invitation_invalid');
      if (!(await invitesRepository.markUsed(tx, invitation.id, userId, nowIso()))) throw notFound('invitation_invalid');
      assertNotBanned(await groupsRepository.isBanned(tx, invitation.group_id, userId));
      await groupsRepository.deleteRequestFor(tx, invitation.group_id, userId);
      // The invited rider arrives through the invitation; the welcome tour is not needed after it.
      await usersRepository.markWelcomeSeen(tx, userId);
      if (!alreadyInGroup(membershipStatusOf(standing, userId))) {
        await groupsRepository.addMember(tx, invitation.group_id, userId, nowIso());
        joined = await recordNewMember(tx, { id: invitation.group_id, name: invitation.group_name }, userId);
      }
    });
  } catch (error) {
    if (linkId) await withdrawLink(ctx, linkId);
    // Joined meanwhile by another request: the invitation was not used (the transaction rolled back).
    if (isUniqueViolation(error)) return { ...answer, alreadyMember: true, emailSentTo: null };
    throw error;
  }

  if (joined) {
    await publishNewMember(ctx, joined);
    // A request the rider had waiting was answered by the invitation: the organizers' "wants to
    // join" notification is settled, as an approval settles it.
    await settleNotifications(ctx, 'membership_request', invitation.group_id, userId);
  }
  return { ...answer, alreadyMember: false, emailSentTo: email };
}

/** GET /api/groups/{id}/invitations: the open invitations, for whoever may invite. */
export async function listOpenInvitations(ctx: AppContext, actorId: string, groupId: string): Promise<OpenInvitation[]> {
  await loadForInviting(ctx, actorId, groupId);
  const rows = await invitesRepository.listOpen(ctx.db, groupId, nowIso());
  return rows.map((row) => ({
    id: row.id,
    inviterFirstName: row.inviter_first_name,
    inviteeName: row.invitee_name,
    inviteeEmail: row.invitee_email,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}

/** DELETE /api/groups/{id}/invitations/{invitationId}: the link then answers like an invalid one. */
export async function revokeInvitation(ctx: AppContext, actorId: string, groupId: string, invitationId: string): Promise<void> {
  await loadForInviting(ctx, actorId, groupId);
  await ctx.beforeLock?.('invitation-manage');
  await ctx.db.transaction().execute(async (tx) => {
    await assertMayInviteUnderLock(ctx, tx, actorId, groupId);
    if (!(await invitesRepository.revoke(tx, groupId, invitationId, nowIso()))) throw notFound('invitation_not_found');
  });
}
