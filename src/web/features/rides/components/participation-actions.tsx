import { UserPlus, LogOut } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { useGroup, useJoinGroup } from '../../../api/groups';
import type { useRideActions } from '../../../components/rides/use-ride-actions';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { WaitlistActions } from './ride-waitlist';
import { joinAnswerToast } from '../../../lib/groups/join-answer';

interface ParticipationActionsProps {
  ride: Ride;
  actions: ReturnType<typeof useRideActions>;
  onJoin: () => void;
  /** Joining answered "Join the group first". */
  mustJoinGroup: boolean;
}

/**
 * Join Ride and Leave Ride under spec 2 section 4's rules, as the server's abilities say. When the
 * rider could join but for membership of an approval group, Join Group is offered instead.
 */
export function ParticipationActions({ ride, actions, onJoin, mustJoinGroup }: ParticipationActionsProps) {
  const { t, i18n } = useLingui();
  const { abilities } = ride;
  const isOwner = abilities.edit;
  const couldJoinButForGroup =
    !abilities.join && !ride.isParticipant && !isOwner && ride.status === 'confirmed' && !ride.isFull && Boolean(ride.group);
  const group = useGroup(ride.group?.id ?? null, couldJoinButForGroup || mustJoinGroup);
  const joinGroup = useJoinGroup();

  if (abilities.leave) {
    return (
      <Button variant="secondary" needsServer onClick={() => void actions.leave(ride)} disabled={actions.leaving}>
        <LogOut aria-hidden="true" />
        {actions.leaving ? t`Leaving...` : t`Leave Ride`}
      </Button>
    );
  }
  if (abilities.join && !mustJoinGroup) {
    // Close to the start a rider waiting may take a free seat by joining (first come), or stop waiting.
    return (
      <>
        <Button needsServer onClick={onJoin} disabled={actions.joining}>
          <UserPlus aria-hidden="true" />
          {actions.joining ? t`Joining...` : t`Join Ride`}
        </Button>
        <WaitlistActions ride={ride} />
      </>
    );
  }
  if (abilities.joinWaitlist || abilities.leaveWaitlist) return <WaitlistActions ride={ride} />;
  if (ride.isFull && !ride.isParticipant && !isOwner) {
    return (
      <Button variant="secondary" disabled>
        <Trans>Full</Trans>
      </Button>
    );
  }
  const status = group.data?.membershipStatus;
  if ((couldJoinButForGroup || mustJoinGroup) && status === 'pending') {
    return <p className="inline-flex h-10 items-center rounded-lg bg-ignition-50 px-3 text-sm font-semibold text-ignition-800"><Trans>Membership application pending</Trans></p>;
  }
  if ((couldJoinButForGroup || mustJoinGroup) && group.data?.abilities.join) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-asphalt-600"><Trans>Join the group first</Trans></span>
        <Button
          needsServer
          disabled={joinGroup.isPending}
          onClick={() =>
            void joinGroup
              .mutateAsync(group.data.id)
              .then((answer) => toast(joinAnswerToast(i18n, answer, group.data?.name ?? '')))
              .catch((error: unknown) => {
                console.error('Failed to join group', error);
                toast({ title: t`Failed to join group`, description: errorMessageOf(error), variant: 'destructive' });
              })
          }
        >
          <UserPlus aria-hidden="true" />
          <Trans>Join Group</Trans>
        </Button>
      </div>
    );
  }
  return null;
}

