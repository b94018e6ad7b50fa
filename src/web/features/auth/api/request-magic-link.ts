import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export interface MagicLinkResponse {
  success: true;
  message: string;
}

/** POST /api/auth/magic-link. Any non-OK answer (429 included) is a failure. */
export function requestMagicLink(email: string): Promise<MagicLinkResponse> {
  return apiRequest<MagicLinkResponse>('/api/auth/magic-link', { method: 'POST', body: { email } });
}

export const MAGIC_LINK_FAILED_MESSAGE = 'Failed to send magic link. Please try again.';

/**
 * Why a link was not sent, in words for the rider: the server's message for a refused address
 * (400), the wait for too many links (429, minutes rounded up from Retry-After), else the general
 * failure message.
 */
export function magicLinkFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MAGIC_LINK_FAILED_MESSAGE;
  if (error.status === 429) {
    if (error.retryAfterSeconds === null) return 'Too many sign-in links. Try again later.';
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return `Too many sign-in links. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  if (error.status === 400 && error.serverMessage) return error.serverMessage;
  return MAGIC_LINK_FAILED_MESSAGE;
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
