import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';

/** POST /api/users/mark-welcome-seen */
export function markWelcomeSeen(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/users/mark-welcome-seen', { method: 'POST' });
}

/**
 * Returns a function that sends the call at once (the welcome's actions must fire it before
 * doing their own thing, and a mutation would only start it a few microtasks later).
 * On success the current user is refetched (isFirstVisit clears); a failure is only logged.
 */
export function useMarkWelcomeSeen(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    markWelcomeSeen().then(
      () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
      (error: unknown) => console.error('Failed to mark welcome as seen', error),
    );
  }, [queryClient]);
}
