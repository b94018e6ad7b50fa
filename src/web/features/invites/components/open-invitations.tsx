import { formatDateTime } from '../../../lib/format-date';
import { useState } from 'react';
import { format } from 'date-fns';
import { CloudOff, Mail, Ticket, X } from 'lucide-react';
import type { OpenInvitation } from '../../../../shared/invites/invitation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useOpenInvitations, useRevokeInvitation } from '../../../api/invites';

function who(invitation: OpenInvitation): string {
  return invitation.inviteeName || invitation.inviteeEmail || 'A rider';
}

/**
 * The open invitations of a group (unused, unrevoked, unexpired), for whoever may invite: who it is
 * for, when it was made and when it expires, and Revoke (the link then answers like an invalid one).
 */
export function OpenInvitations({ group }: { group: { id: string; name: string } }) {
  const invitations = useOpenInvitations(group.id);
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<OpenInvitation | null>(null);
  const headingId = `open-invitations-${group.id}`;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-extrabold tracking-tight text-asphalt-950">
          Open invitations
        </h2>
        {invitations.data && invitations.data.length > 0 ? (
          <Badge variant="neutral" aria-label={`${invitations.data.length} open`}>
            {invitations.data.length}
          </Badge>
        ) : null}
      </div>

      {invitations.isPending ? (
        <LoadingRegion label="Loading open invitations" className="space-y-2 rounded-2xl border border-asphalt-200/80 bg-white p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </LoadingRegion>
      ) : invitations.isError ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-8 text-center">
          <CloudOff className="size-7 text-asphalt-400" aria-hidden="true" />
          <p className="mt-2 text-sm font-bold text-asphalt-800">Couldn't load open invitations</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void invitations.refetch()}>
            Try again
          </Button>
        </div>
      ) : invitations.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-5 py-6 text-center text-sm text-asphalt-500">
          No open invitations. Invitations you create appear here until they are used, revoked or expire.
        </p>
      ) : (
        <ul aria-label="Open invitations" className="divide-y divide-asphalt-100 overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex items-start gap-3 px-4 py-3 sm:items-center sm:px-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ignition-100 text-ignition-800">
                <Ticket className="size-5" aria-hidden="true" />
              </span>
              {/* Phones: Revoke under the details, so names and addresses get the whole width. */}
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
                <div className="min-w-0 sm:flex-1">
                  <p className="text-sm font-bold [overflow-wrap:anywhere] text-asphalt-900">{who(invitation)}</p>
                  {invitation.inviteeName && invitation.inviteeEmail ? (
                    <p className="mt-0.5 flex items-start gap-1 text-xs text-asphalt-600">
                      <Mail className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
                      <span className="min-w-0 [overflow-wrap:anywhere]">{invitation.inviteeEmail}</span>
                    </p>
                  ) : null}
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-asphalt-500">
                    <span>
                      Created <time dateTime={invitation.createdAt}>{format(new Date(invitation.createdAt), 'MMM d, yyyy')}</time> by{' '}
                      {invitation.inviterFirstName}
                    </span>
                    <span>
                      Expires <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2 sm:mt-0"
                  aria-label={`Revoke the invitation for ${who(invitation)}`}
                  onClick={() => setRevoking(invitation)}
                >
                  <X aria-hidden="true" />
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialogFor
        subject={revoking}
        onClose={() => setRevoking(null)}
        title="Revoke Invitation"
        description={(invitation) => (
          <>
            Revoke the invitation for <strong className="font-bold [overflow-wrap:anywhere] text-asphalt-900">{who(invitation)}</strong>? Its link
            and QR code stop working at once. This cannot be undone.
          </>
        )}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={(invitation) =>
          revoke.mutate(
            { groupId: group.id, invitationId: invitation.id },
            {
              onSuccess: () => {
                toast({ title: 'Invitation revoked', description: `The link for ${who(invitation)} no longer works.`, variant: 'success' });
                setRevoking(null);
              },
              onError: (error) => {
                console.error('Failed to revoke invitation', error);
                toast({ title: 'Failed to revoke invitation', description: errorMessageOf(error), variant: 'destructive' });
                setRevoking(null);
              },
            },
          )
        }
      />
    </section>
  );
}
