import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createInvitationSchema } from '../../../../shared/invites/invitation';
import { apiRequest } from '../../../lib/api-client';
import { openInvitationsQueryOptions } from './get-open-invitations';

export type CreateInvitationPayload = z.input<typeof createInvitationSchema>;

export interface CreatedInvitation {
  success: true;
  /** The link to share; the QR code encodes exactly this. */
  magicLink: string;
  qrCodeDataUrl: string;
  expiresAt: string;
}

/** POST /api/groups/{id}/invite (owner): a single-use link and its QR code, valid 7 days. */
export function createInvitation({ groupId, invitation }: { groupId: string; invitation: CreateInvitationPayload }): Promise<CreatedInvitation> {
  return apiRequest<CreatedInvitation>(`/api/groups/${encodeURIComponent(groupId)}/invite`, { method: 'POST', body: invitation });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (_result, { groupId }) => queryClient.invalidateQueries({ queryKey: openInvitationsQueryOptions(groupId).queryKey }),
  });
}
