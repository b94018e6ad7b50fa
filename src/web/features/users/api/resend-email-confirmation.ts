import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** POST /api/auth/email-change/resend: a new link for the address waiting for confirmation. */
export function resendEmailConfirmation(): Promise<{ success: true; emailConfirmationSentTo: string }> {
  return apiRequest<{ success: true; emailConfirmationSentTo: string }>('/api/auth/email-change/resend', { method: 'POST' });
}

export function useResendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailConfirmation,
    // A 404 means nothing waits any more (confirmed elsewhere, expired): show what the server has.
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  });
}
