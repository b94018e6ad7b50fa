import { useId } from 'react';
import { UserPlus } from 'lucide-react';
import type { Group } from '../../../shared/groups/group';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Trans } from '@lingui/react/macro';

interface GroupJoinButtonProps {
  group: Pick<Group, 'name' | 'membershipApprovalRequired' | 'abilities'>;
  onJoin: () => void;
  joining: boolean;
  className?: string;
}

/**
 * Join Group as a visible button on a group card in search and finder results (not only in the
 * card's menu), with "Approval needed" beside it when the owner decides: the rider knows before
 * tapping that they are asking, not joining. Nothing when the rider may not join (member, owner,
 * pending: the cards say those states themselves).
 */
export function GroupJoinButton({ group, onJoin, joining, className }: GroupJoinButtonProps) {
  const approvalId = useId();
  if (!group.abilities.join) return null;
  return (
    <div className={className}>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {group.membershipApprovalRequired ? (
          <Badge id={approvalId} variant="accent">
            <Trans>Approval needed</Trans>
          </Badge>
        ) : null}
        <Button size="sm" onClick={onJoin} disabled={joining} aria-describedby={group.membershipApprovalRequired ? approvalId : undefined}>
          <UserPlus aria-hidden="true" />
          <Trans>Join Group</Trans>
        </Button>
      </div>
    </div>
  );
}
