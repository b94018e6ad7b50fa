import { z } from 'zod';
import { INVITATION_MESSAGES } from '../i18n/validation-messages';
import { INVITER_FIRST_NAME_MAX } from '../text/field-limits';
import { requiredText } from '../text/name-text';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const INVALID_INVITATION_MESSAGE = 'Invalid Invitation: This invitation link is invalid or has expired.';

/** Invitation mails the server sends for one rider within 24 hours. */
export const INVITATION_MAILS_PER_DAY = 20;
export const INVITATION_MAIL_LIMIT_MESSAGE = `You can have at most ${INVITATION_MAILS_PER_DAY} invitations e-mailed per day. Share the link or QR code instead, or try again later.`;
export const INVITATION_MAIL_NEEDS_EMAIL_MESSAGE =
  'Confirm your own e-mail address before we e-mail invitations for you. You can still share the link or QR code.';

export { INVITER_FIRST_NAME_MAX };

export const INVITER_FIRST_NAME_INVALID = INVITATION_MESSAGES.firstNameInvalid;

/**
 * The inviter's first name is the only text a rider puts into an invitation mail, so it must look
 * like a name: letters (any script), spaces, hyphens, apostrophes and dots, and nothing that reads
 * as a web address ("evil.com", "www", "://") or markup.
 */
export function isPlainFirstName(name: string): boolean {
  if (!/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u.test(name)) return false;
  if (/\.\s*\p{L}{2,}/u.test(name)) return false; // "example.com", "x. com"
  if (/\bwww\b/iu.test(name)) return false;
  return true;
}

const looseEmail = z.string().trim().max(254).pipe(z.email(INVITATION_MESSAGES.emailInvalid));

/** POST /api/groups/{id}/invite (spec 2 section 5, "Invitation"). */
export const createInvitationSchema = z
  .object({
    inviterFirstName: requiredText({ required: INVITATION_MESSAGES.firstNameRequired, max: INVITER_FIRST_NAME_MAX, tooLong: INVITATION_MESSAGES.firstNameTooLong }).refine(
      isPlainFirstName,
      INVITER_FIRST_NAME_INVALID,
    ),
    inviteeName: z.string().trim().max(100).optional().nullable(),
    inviteeEmail: z
      .string()
      .trim()
      .max(254)
      .optional()
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .pipe(z.union([z.null(), looseEmail])),
  })
  .refine((v) => Boolean(v.inviteeName) || Boolean(v.inviteeEmail), {
    message: INVITATION_MESSAGES.nameOrEmail,
    path: ['inviteeName'],
  });
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

/** POST /api/invite/{token}/complete (spec 2 section 5, "Invitation landing"). */
export const completeInvitationSchema = z
  .object({ email: z.string().trim().max(254).optional().nullable() })
  .nullable()
  .optional();

/** The answer of POST /api/invite/{token}/complete: the same whether or not the address has an account. */
export const completedInvitationSchema = z.object({
  success: z.literal(true),
  groupId: z.string(),
  groupSlug: z.string(),
  /** The visitor was already a member (or the owner): nothing was used. */
  alreadyMember: z.boolean(),
  /** The address that was sent a link (to confirm it, or to sign in to the account that has it). */
  emailSentTo: z.string().nullable(),
});
export type CompletedInvitation = z.infer<typeof completedInvitationSchema>;

export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** GET /api/groups/{id}/invitations: the open (unused, unrevoked, unexpired) invitations of a group. */
export const openInvitationSchema = z.object({
  id: z.string(),
  inviterFirstName: z.string(),
  inviteeName: z.string().nullable(),
  inviteeEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OpenInvitation = z.infer<typeof openInvitationSchema>;
export const openInvitationListSchema = z.array(openInvitationSchema);

/** Path of DELETE /api/groups/{id}/invitations/{invitationId}. */
export const invitationParamsSchema = z.object({ id: z.string().min(1).max(64), invitationId: z.string().min(1).max(64) });

/** The answer of POST /api/groups/{id}/invite: a single-use link and its QR code, valid 7 days. */
export const createdInvitationSchema = z.object({
  success: z.literal(true),
  /** The link to share; the QR code encodes exactly this. */
  magicLink: z.string(),
  qrCodeDataUrl: z.string(),
  expiresAt: z.string(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/invite/{token}: what the invitation landing shows (an unknown, used or expired invitation answers 404). */
export const invitationViewSchema = z.object({
  success: z.literal(true),
  group: z.object({ id: z.string(), name: z.string(), slug: z.string(), description: z.string().nullable(), groupImageUrl: z.string().nullable() }),
  invitation: z.object({ inviteeName: z.string().nullable(), expiresAt: z.string() }),
  inviter: z.object({ firstName: z.string(), userId: z.string() }),
  /** The visitor's account has no confirmed e-mail: the landing asks for one. */
  needsEmail: z.boolean(),
  /** The visitor is a member or the owner already: the invitation is left for the person it is meant for. */
  alreadyMember: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;
