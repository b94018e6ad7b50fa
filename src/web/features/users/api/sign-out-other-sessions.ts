import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** POST /api/auth/sessions/sign-out-others: every session but this browser's ends. */
export function signOutOtherSessions(): Promise<{ success: true; signedOut: number }> {
  return apiRequest<{ success: true; signedOut: number }>('/api/auth/sessions/sign-out-others', { method: 'POST' });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
