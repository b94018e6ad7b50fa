import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/magic-link, from the Preferences' Security card. Any non-OK answer is a failure. */
export function sendMagicLink(email: string): Promise<{ success: true; message: string }> {
  return apiRequest<{ success: true; message: string }>('/api/auth/magic-link', { method: 'POST', body: { email } });
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
