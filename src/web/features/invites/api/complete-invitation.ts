import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userGroupsQueryOptions } from '../../../lib/user-groups';

export interface CompletedInvitation {
  success: true;
  groupId: string;
  groupSlug: string;
  /** Set when the e-mail given was sent a confirmation link. */
  emailConfirmationSentTo: string | null;
}

/** POST /api/invite/{token}/complete: joins the visitor to the group (with an e-mail when asked for one). */
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
    // The invitation's own query is left alone: the landing still shows it during the pause before
    // the redirect (it is not cached once the page goes).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
