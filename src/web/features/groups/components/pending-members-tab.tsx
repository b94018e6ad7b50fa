import { Link } from 'react-router';
import { Check, Inbox, X } from 'lucide-react';
import type { MembershipRequest } from '../../../../shared/groups/group';
import { UserAvatar } from '../../../components/users/user-avatar';
import { RiderLocation } from '../../../components/users/rider-location';
import { Button } from '../../../components/ui/button';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { timeAgo } from '../../../lib/format';
import { useApproveMembershipRequest, useRejectMembershipRequest } from '../../../api/groups';
import { KeepOutChoice, useKeepOutQuestion } from './keep-out-choice';
import { Trans, useLingui } from '@lingui/react/macro';
import { RowsSkeleton, TabError, TabMessage } from './tab-states';

interface PendingMembersTabProps {
  groupId: string;
  requests: MembershipRequest[] | undefined;
  isPending: boolean;
  isLoadingError: boolean;
  onRetry: () => void;
}

/**
 * The organizers' Pending Members tab: approve or decline each application (spec 2 sections 2 and
 * 4). A decline is asked first, with "Don't let them ask again" (unticked each time): a declined
 * rider may otherwise ask again without end, each request telling every organizer.
 */
export function PendingMembersTab({ groupId, requests, isPending, isLoadingError, onRetry }: PendingMembersTabProps) {
  const { t } = useLingui();
  const approve = useApproveMembershipRequest();
  const reject = useRejectMembershipRequest();
  const declining = useKeepOutQuestion<MembershipRequest>();
  const { ban } = declining;

  if (isPending) return <RowsSkeleton label={t`Loading membership requests`} rows={2} />;
  if (isLoadingError || !requests) return <TabError what="membership requests" onRetry={onRetry} />;
  if (requests.length === 0) {
    return (
      <TabMessage icon={<Inbox aria-hidden="true" />} title={t`No pending requests`}>
        <Trans>Riders who ask to join will wait here for your approval.</Trans>
      </TabMessage>
    );
  }

  const busyId = approve.isPending ? approve.variables.requestId : reject.isPending ? reject.variables.requestId : null;

  /** Awaited, and the dialog lives above the rows: the refreshed list drops the declined row before the toast. */
  async function decline(request: MembershipRequest) {
    const name = request.user.userId;
    try {
      await reject.mutateAsync({ groupId, requestId: request.id, ban });
      toast({ title: t`Request declined`, description: ban ? t`${name}'s request was declined. They can't ask again.` : t`${name}'s request was declined.` });
    } catch (error) {
      console.error('Failed to decline membership', error);
      toast({ title: t`Failed to decline membership`, description: errorMessageOf(error), variant: 'destructive' });
    }
    declining.close();
  }

  return (
    <>
      <ul aria-label={t`Pending members`} className="divide-y divide-asphalt-100 overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]">
        {requests.map((request) => {
          const name = request.user.userId;
          const busy = busyId === request.id;
          const asked = timeAgo(request.requestedAt);
          return (
            <li key={request.id} className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:px-5">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <UserAvatar userId={name} imageUrl={request.user.profileImageUrl} className="size-10" />
                <div className="min-w-0">
                  <Link
                    to={`/profile/${encodeURIComponent(name)}`}
                    className="block text-sm font-bold [overflow-wrap:anywhere] text-asphalt-900 hover:text-ignition-700 hover:underline"
                  >
                    {name}
                  </Link>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-asphalt-500">
                    <RiderLocation location={request.user.location} />
                    <span>
                      <Trans>Asked {asked}</Trans>
                    </span>
                  </p>
                </div>
              </div>
              <div className="flex gap-2 sm:shrink-0">
                <Button
                  size="sm"
                  className="flex-1 sm:flex-none"
                  aria-label={t`Approve ${name}`}
                  disabled={busy}
                  onClick={() =>
                    approve.mutate(
                      { groupId, requestId: request.id },
                      {
                        onSuccess: () => toast({ title: t`Request approved`, description: t`${name} is now a member.`, variant: 'success' }),
                        onError: (error) => {
                          console.error('Failed to approve membership', error);
                          toast({ title: t`Failed to approve membership`, description: errorMessageOf(error), variant: 'destructive' });
                        },
                      },
                    )
                  }
                >
                  <Check aria-hidden="true" />
                  <Trans>Approve</Trans>
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  className="flex-1 sm:flex-none"
                  aria-label={t`Decline ${name}`}
                  disabled={busy}
                  onClick={() => declining.ask(request)}
                >
                  <X aria-hidden="true" />
                  <Trans>Decline</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialogFor
        {...declining.dialog}
        title={(request) => {
          const name = request.user.userId;
          return t`Decline ${name}'s request?`;
        }}
        description={t`They will be told their request was declined.`}
        confirmLabel={t`Decline`}
        pendingLabel={t`Declining...`}
        pending={reject.isPending}
        onConfirm={(request) => void decline(request)}
      >
        <KeepOutChoice
          label={t`Don't let them ask again`}
          hint={t`They cannot ask to join, nor come in through an invitation, until an organizer lets them.`}
          checked={ban}
          disabled={reject.isPending}
          onCheckedChange={declining.setBan}
        />
      </ConfirmDialogFor>
    </>
  );
}
