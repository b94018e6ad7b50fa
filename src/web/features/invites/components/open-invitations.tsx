import { formatDate, formatDateTime } from '../../../lib/format-date';
import { CloudOff, Mail, Ticket, X } from 'lucide-react';
import type { OpenInvitation } from '../../../../shared/invites/invitation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { useQuestionAbout } from '../../../components/ui/use-question-about';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useOpenInvitations, useRevokeInvitation } from '../../../api/invites';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';

/** Who the invitation is for: the name given, else the address, else "A rider". */
function who(invitation: OpenInvitation, i18n: I18n): string {
  return invitation.inviteeName || invitation.inviteeEmail || i18n._(msg`A rider`);
}

/**
 * The open invitations of a group (unused, unrevoked, unexpired), for whoever may invite: who it is
 * for, when it was made and when it expires, and Revoke (the link then answers like an invalid one).
 */
export function OpenInvitations({ group }: { group: { id: string; name: string } }) {
  const { t, i18n } = useLingui();
  const invitations = useOpenInvitations(group.id);
  const revoke = useRevokeInvitation();
  const revoking = useQuestionAbout<OpenInvitation>();
  const headingId = `open-invitations-${group.id}`;
  const openCount = invitations.data?.length ?? 0;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <div className="mb-3 flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-extrabold tracking-tight text-asphalt-950">
          <Trans>Open invitations</Trans>
        </h2>
        {invitations.data && invitations.data.length > 0 ? (
          <Badge variant="neutral" aria-label={t`${plural(openCount, { one: '# open', other: '# open' })}`}>
            {invitations.data.length}
          </Badge>
        ) : null}
      </div>

      {invitations.isPending ? (
        <LoadingRegion label={t`Loading open invitations`} className="space-y-2 rounded-2xl border border-asphalt-200/80 bg-white p-4">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/2" />
        </LoadingRegion>
      ) : invitations.isLoadingError ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-8 text-center">
          <CloudOff className="size-7 text-asphalt-400" aria-hidden="true" />
          <p className="mt-2 text-sm font-bold text-asphalt-800">
            <Trans>Couldn't load open invitations</Trans>
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void invitations.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : invitations.data.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-5 py-6 text-center text-sm text-asphalt-500">
          <Trans>No open invitations. Invitations you create appear here until they are used, revoked or expire.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Open invitations`} className="divide-y divide-asphalt-100 overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]">
          {invitations.data.map((invitation) => {
            const invitee = who(invitation, i18n);
            const createdOn = formatDate(invitation.createdAt);
            const inviterName = invitation.inviterFirstName;
            const expiresAt = formatDateTime(invitation.expiresAt);
            return (
            <li key={invitation.id} className="flex items-start gap-3 px-4 py-3 sm:items-center sm:px-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-ignition-100 text-ignition-800">
                <Ticket className="size-5" aria-hidden="true" />
              </span>
              {/* Phones: Revoke under the details, so names and addresses get the whole width. */}
              <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
                <div className="min-w-0 sm:flex-1">
                  <p className="text-sm font-bold [overflow-wrap:anywhere] text-asphalt-900">{invitee}</p>
                  {invitation.inviteeName && invitation.inviteeEmail ? (
                    <p className="mt-0.5 flex items-start gap-1 text-xs text-asphalt-600">
                      <Mail className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
                      <span className="min-w-0 [overflow-wrap:anywhere]">{invitation.inviteeEmail}</span>
                    </p>
                  ) : null}
                  <p className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-asphalt-500">
                    <span>
                      <Trans>
                        Created <time dateTime={invitation.createdAt}>{createdOn}</time> by {inviterName}
                      </Trans>
                    </span>
                    <span>
                      <Trans>
                        Expires <time dateTime={invitation.expiresAt}>{expiresAt}</time>
                      </Trans>
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-2 sm:mt-0"
                  aria-label={t`Revoke the invitation for ${invitee}`}
                  onClick={() => revoking.ask(invitation)}
                >
                  <X aria-hidden="true" />
                  <Trans>Revoke</Trans>
                </Button>
              </div>
            </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialogFor
        {...revoking.dialog}
        title={t`Revoke Invitation`}
        description={(invitation) => {
          const invitee = who(invitation, i18n);
          return (
            <Trans>
              Revoke the invitation for <strong className="font-bold [overflow-wrap:anywhere] text-asphalt-900">{invitee}</strong>? Its link
              and QR code stop working at once. This cannot be undone.
            </Trans>
          );
        }}
        confirmLabel={t`Revoke`}
        pendingLabel={t`Revoking...`}
        pending={revoke.isPending}
        onConfirm={(invitation) =>
          revoke.mutate(
            { groupId: group.id, invitationId: invitation.id },
            {
              onSuccess: () => {
                const invitee = who(invitation, i18n);
                toast({ title: t`Invitation revoked`, description: t`The link for ${invitee} no longer works.`, variant: 'success' });
                revoking.close();
              },
              onError: (error) => {
                console.error('Failed to revoke invitation', error);
                toast({ title: t`Failed to revoke invitation`, description: errorMessageOf(error), variant: 'destructive' });
                revoking.close();
              },
            },
          )
        }
      />
    </section>
  );
}
