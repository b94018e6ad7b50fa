import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryOptions } from './get-sessions';

/** DELETE /api/auth/sessions/{id}: ends one of the rider's other sessions. */
export function signOutSession(id: string): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
