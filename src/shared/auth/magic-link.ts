import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../i18n/validation-messages';
import { requiredText } from '../text/name-text';


export const MAGIC_LINK_TTL_MS = 60 * 60 * 1000;

/** Tokens are 32 random bytes in base64url: exactly 43 characters. */
export const MAGIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const EMAIL_MAX_LENGTH = 254;

/** POST /api/auth/magic-link. The client trims; the server trims again and lower-cases. */
export const magicLinkRequestSchema = z.object({
  email: requiredText({ required: SIGN_IN_MESSAGES.emailRequired, max: EMAIL_MAX_LENGTH, tooLong: SIGN_IN_MESSAGES.emailTooLong })
    .pipe(z.email(SIGN_IN_MESSAGES.emailInvalid))
    .transform((email) => email.toLowerCase()),
});

/**
 * POST /api/auth/verify-magic-link. `confirm: true` is sent only by the "Sign in as ...?" button of
 * a browser that did not ask for the link.
 */
export const verifyMagicLinkSchema = z.object({
  token: z.string({ error: SIGN_IN_MESSAGES.tokenRequired }).regex(MAGIC_TOKEN_PATTERN, SIGN_IN_MESSAGES.tokenInvalid),
  confirm: z.boolean().optional(),
});

const LINK_PURPOSES = ['sign_in', 'confirm_email'] as const;

/** The answers of POST /api/auth/verify-magic-link (200). */
export const verifyMagicLinkResponseSchema = z.discriminatedUnion('success', [
  /** `groupSlug`: the link also completed an invitation; that group opens instead of the dashboard. */
  z.object({ success: z.literal(true), status: z.literal('signed_in'), purpose: z.enum(LINK_PURPOSES), groupSlug: z.string().optional() }).strict(),
  /** Opened in a browser that did not ask for the link: nothing was consumed, the rider confirms first. */
  z.object({ success: z.literal(false), status: z.literal('confirmation_required'), purpose: z.enum(LINK_PURPOSES), email: z.string() }).strict(),
]);
export type VerifyMagicLinkResponse = z.infer<typeof verifyMagicLinkResponseSchema>;

export const MAGIC_LINK_INVALID_MESSAGE =
  'Authentication Failed: The magic link is invalid or has expired. Please request a new one.';
