import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface MagicLinkResponse {
  success: true;
  message: string;
}

/** POST /api/auth/magic-link. Any non-OK answer (429 included) is a failure. */
export function requestMagicLink(email: string): Promise<MagicLinkResponse> {
  return apiRequest<MagicLinkResponse>('/api/auth/magic-link', { method: 'POST', body: { email } });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
