import { z } from 'zod';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const INVALID_INVITATION_MESSAGE = 'Invalid Invitation: This invitation link is invalid or has expired.';

const looseEmail = z.string().trim().max(254).pipe(z.email('Please enter a valid email address.'));

/** POST /api/groups/{id}/invite (spec 2 section 5, "Invitation"). */
export const createInvitationSchema = z
  .object({
    inviterFirstName: z.string({ error: 'Please enter your first name.' }).trim().min(1, 'Please enter your first name.').max(100),
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
    message: "Please enter either the invitee's name or email address.",
    path: ['inviteeName'],
  });
export type CreateInvitationInput = z.infer<typeof createInvitationSchema>;

/** POST /api/invite/{token}/complete (spec 2 section 5, "Invitation landing"). */
export const completeInvitationSchema = z
  .object({ email: z.string().trim().max(254).optional().nullable() })
  .nullable()
  .optional();

export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
