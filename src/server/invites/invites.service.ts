import QRCode from 'qrcode';
import { z } from 'zod';
import type { AppContext } from '../context';
import { nowIso } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { hashToken, newId, randomToken } from '../platform/tokens';
import { INVALID_INVITATION_MESSAGE, INVITATION_TTL_MS, type CreateInvitationInput } from '../../shared/invites/invitation';
import { EMAIL_IN_USE_MESSAGE } from '../../shared/users/profile';
import { requestEmailConfirmation } from '../auth/auth.service';
import { usersRepository } from '../users/users.repository';
import { groupsRepository } from '../groups/groups.repository';
import { announceNewMember, loadGroup } from '../groups/groups.service';
import { membershipStatusOf } from '../groups/groups.presenter';
import { invitesRepository } from './invites.repository';
import { invitationMail } from './invites.mails';

/**
 * POST /api/groups/{id}/invite (owner only). Invitation tokens follow the sign-in token rules:
 * 32 random bytes, stored hashed, expiring (7 days), for one rider.
 */
export async function createInvitation(ctx: AppContext, actorId: string, groupId: string, input: CreateInvitationInput) {
  const group = await loadGroup(ctx, groupId, actorId);
  if (membershipStatusOf(group, actorId) !== 'owner') throw forbidden('Only the group owner can invite members');
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
  await invitesRepository.insert(ctx.db, {
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
  });
  const magicLink = `${ctx.config.publicUrl}/invite/${token}`;
  const qrCodeDataUrl = await QRCode.toDataURL(magicLink, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
  if (input.inviteeEmail) {
    try {
      await ctx.mailer.send(invitationMail({ to: input.inviteeEmail, link: magicLink, appName: ctx.config.appName, inviter: input.inviterFirstName, group: group.name, inviteeName: input.inviteeName || null }));
    } catch (error) {
      // The owner still has the link and QR code to share by hand.
      ctx.log.error({ err: error }, 'invitation mail could not be sent');
    }
  }
  return { success: true, magicLink, qrCodeDataUrl, expiresAt };
}

async function usableInvitation(ctx: AppContext, token: string) {
  const invitation = await invitesRepository.findUsable(ctx.db, hashToken(token), nowIso());
  if (!invitation) throw notFound(INVALID_INVITATION_MESSAGE);
  return invitation;
}

/** GET /api/invite/{token}: what the landing page shows. Open to anyone holding the link. */
export async function viewInvitation(ctx: AppContext, viewerId: string | null, token: string) {
  const invitation = await usableInvitation(ctx, token);
  const viewer = viewerId ? await usersRepository.findById(ctx.db, viewerId) : undefined;
  return {
    success: true,
    group: { id: invitation.group_id, name: invitation.group_name, slug: invitation.group_slug, description: invitation.group_description, groupImageUrl: invitation.group_image_url },
    invitation: { inviteeName: invitation.invitee_name, expiresAt: invitation.expires_at },
    inviter: { firstName: invitation.inviter_first_name, userId: invitation.inviter_handle },
    needsEmail: !viewer?.email,
  };
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

/**
 * POST /api/invite/{token}/complete: joins the visitor's account to the group (the owner invited
 * them, so approval is skipped). An account without a confirmed e-mail must give one; it is sent a
 * confirmation link and becomes the account's address when confirmed (GUIDE section 10).
 */
export async function completeInvitation(ctx: AppContext, userId: string, token: string, input: { email?: string | null; ip: string }) {
  const invitation = await usableInvitation(ctx, token);
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw notFound(INVALID_INVITATION_MESSAGE);

  let emailToConfirm: string | null = null;
  if (!user.email) {
    if (!input.email?.trim()) throw badRequest('Email Required');
    const parsed = emailSchema.safeParse(input.email);
    if (!parsed.success) throw badRequest('Invalid Email');
    const holder = await usersRepository.findByEmail(ctx.db, parsed.data);
    if (holder && holder.id !== user.id) throw conflict(EMAIL_IN_USE_MESSAGE);
    emailToConfirm = parsed.data;
  }

  let joined = false;
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await invitesRepository.markUsed(tx, invitation.id, userId, nowIso()))) throw notFound(INVALID_INVITATION_MESSAGE);
    await groupsRepository.deleteRequestFor(tx, invitation.group_id, userId);
    // The invited rider arrives through the invitation; the welcome tour is not needed after it.
    await usersRepository.markWelcomeSeen(tx, userId);
    if (!(await groupsRepository.isMember(tx, invitation.group_id, userId))) {
      await groupsRepository.addMember(tx, invitation.group_id, userId, nowIso());
      joined = true;
    }
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) return; // joined meanwhile by another request: already a member
    throw error;
  });

  if (joined) await announceNewMember(ctx, { id: invitation.group_id, name: invitation.group_name, creator_id: invitation.creator_id }, userId);
  if (emailToConfirm) await requestEmailConfirmation(ctx, { userId, email: emailToConfirm, ip: input.ip });
  return { success: true, groupId: invitation.group_id, groupSlug: invitation.group_slug, emailConfirmationSentTo: emailToConfirm };
}
