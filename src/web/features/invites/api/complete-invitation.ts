import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompletedInvitation } from '../../../../shared/invites/invitation';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { userGroupsQueryOptions } from '../../../lib/user-groups';

export type { CompletedInvitation };

/**
 * POST /api/invite/{token}/complete: joins the visitor to the group (with an e-mail when asked for
 * one). The answer is the same whether or not the address has an account.
 */
export function completeInvitation({ token, email }: { token: string; email?: string }): Promise<CompletedInvitation> {
  return apiRequest<CompletedInvitation>(`/api/invite/${encodeURIComponent(token)}/complete`, {
    method: 'POST',
    body: email === undefined ? {} : { email },
  });
}

export function useCompleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeInvitation,
    // The invitation's own query is left alone: the landing still shows it until the group page opens.
    onSuccess: (result) => {
      if (!result.alreadyMember) {
        // The server marked the welcome as seen: the group page must not open under the welcome dialog.
        queryClient.setQueryData(currentUserQueryOptions().queryKey, (user: CurrentUser | null | undefined) => (user ? { ...user, isFirstVisit: false } : user));
        void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      }
      return queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey });
    },
  });
}
