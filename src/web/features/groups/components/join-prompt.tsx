import { Clock, Lock, Route, Users } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { Button } from '../../../components/ui/button';
import { Trans } from '@lingui/react/macro';
import { useGroupText } from './group-text';

interface JoinPromptProps {
  group: Group;
  onJoin: () => void;
  joining: boolean;
  onWithdraw: () => void;
  withdrawing: boolean;
}

/**
 * What a non-member sees instead of the tabs (spec 2 sections 2 and 6): a join prompt with ride and
 * member counts, or the 'Membership application pending' notice, from which the applicant can take
 * the request back.
 */
export function JoinPrompt({ group, onJoin, joining, onWithdraw, withdrawing }: JoinPromptProps) {
  const { membersText, ridesText } = useGroupText();
  const groupName = group.name;
  if (group.membershipStatus === 'pending') {
    return (
      <div role="status" className="flex items-start gap-3.5 rounded-2xl border border-ignition-200 bg-ignition-50 p-5 sm:p-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-ignition-100 text-ignition-700">
          <Clock className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-base font-extrabold tracking-tight text-ignition-900">
            <Trans>Membership application pending</Trans>
          </p>
          <p className="mt-1 text-sm text-ignition-900/80">
            <Trans>
              The owner of {groupName} will review your request. You'll see the group's rides, polls and members once
              you're approved.
            </Trans>
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onWithdraw} disabled={withdrawing}>
            {withdrawing ? <Trans>Withdrawing...</Trans> : <Trans>Withdraw request</Trans>}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="rounded-2xl border border-asphalt-200/80 bg-white p-6 text-center shadow-sm shadow-asphalt-900/[0.03] sm:p-10">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-asphalt-900 text-ignition-400">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-extrabold tracking-tight text-asphalt-950">
        <Trans>Join {groupName}</Trans>
      </h2>
      <p className="mx-auto mt-1.5 max-w-md text-sm text-asphalt-600">
        {group.membershipApprovalRequired ? (
          <Trans>Members see the group's rides, polls and riders. The owner approves new members.</Trans>
        ) : (
          <Trans>Members see the group's rides, polls and riders.</Trans>
        )}
      </p>
      <div className="mx-auto mt-5 grid max-w-xs grid-cols-2 gap-3">
        <div className="rounded-xl bg-asphalt-50 px-3 py-3">
          <Route className="mx-auto size-5 text-ignition-600" aria-hidden="true" />
          <p className="mt-1 text-sm font-bold text-asphalt-900">{ridesText(group.rideCount)}</p>
        </div>
        <div className="rounded-xl bg-asphalt-50 px-3 py-3">
          <Users className="mx-auto size-5 text-ignition-600" aria-hidden="true" />
          <p className="mt-1 text-sm font-bold text-asphalt-900">{membersText(group.memberCount)}</p>
        </div>
      </div>
      {group.abilities.join ? (
        <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onJoin} disabled={joining}>
          {joining ? <Trans>Joining...</Trans> : <Trans>Join Group</Trans>}
        </Button>
      ) : null}
    </div>
  );
}
