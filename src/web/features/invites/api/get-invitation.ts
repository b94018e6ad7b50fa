import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';

export interface InvitationView {
  success: true;
  group: { id: string; name: string; slug: string; description: string | null; groupImageUrl: string | null };
  invitation: { inviteeName: string | null; expiresAt: string };
  inviter: { firstName: string; userId: string };
  /** The visitor's account has no confirmed e-mail: the landing asks for one. */
  needsEmail: boolean;
  /** The visitor is a member or the owner already: the invitation is left for the person it is meant for. */
  alreadyMember: boolean;
}

/** GET /api/invite/{token}. An unknown, used or expired invitation answers 404: null here. */
export async function getInvitation(token: string): Promise<InvitationView | null> {
  try {
    return await apiGet<InvitationView>(`/api/invite/${encodeURIComponent(token)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', token] as const,
    queryFn: () => getInvitation(token),
    // Its answer depends on the session (needsEmail) and on time: never reuse an old one.
    gcTime: 0,
  });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}
