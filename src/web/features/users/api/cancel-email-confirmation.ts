import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** POST /api/auth/email-change/cancel: the mailed link stops working and nothing waits any more. */
export function cancelEmailConfirmation(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/auth/email-change/cancel', { method: 'POST' });
}

export function useCancelEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailConfirmation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  });
}
