import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { UserAvatar } from '../../../components/users/user-avatar';
import { RiderLocation } from '../../../components/users/rider-location';
import { Badge } from '../../../components/ui/badge';
import type { Group, GroupMember } from '../../../../shared/groups/group';
import { useGroupMembers } from '../../../api/groups';
import { formatDate } from '../../../lib/format-date';
import { MemberActionsMenu } from './member-actions-menu';
import { RemovedRiders } from './removed-riders';
import { RowsSkeleton, TabError, TabMessage } from './tab-states';
import { Trans, useLingui } from '@lingui/react/macro';

function RoleBadge({ role }: { role: GroupMember['role'] }) {
  if (role === 'owner') return (
    <Badge variant="accent">
      <Trans>Owner</Trans>
    </Badge>
  );
  if (role === 'co_organizer') return (
    <Badge variant="success">
      <Trans>Co-organizer</Trans>
    </Badge>
  );
  return null;
}

/**
 * The Members tab: every member with their picture, handle, role and location, the owner first;
 * each with a menu of what the viewer may do to them (the abilities the server sent).
 */
export function MembersTab({ group }: { group: Group }) {
  const { t } = useLingui();
  const members = useGroupMembers(group.id);
  if (members.isPending) return <RowsSkeleton label={t`Loading members`} />;
  if (members.isLoadingError) return <TabError what="members" onRetry={() => void members.refetch()} />;
  if (members.data.length === 0) return <TabMessage icon={<Users aria-hidden="true" />} title={t`No members yet`} />;

  return (
    <>
    {group.membershipStatus === 'co_organizer' ? (
      <p className="mb-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <Trans>You are a co-organizer: you approve requests, invite riders, remove members and edit or cancel the group&apos;s rides.</Trans>
      </p>
    ) : null}
    <ul aria-label={t`Members`} className="divide-y divide-asphalt-100 overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03]">
      {members.data.map((member) => {
        const joined = formatDate(member.joinedAt);
        return (
        <li key={member.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <UserAvatar userId={member.userId} imageUrl={member.profileImageUrl} className="size-10" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <Link
                to={`/profile/${encodeURIComponent(member.userId)}`}
                className="truncate text-sm font-bold text-asphalt-900 hover:text-ignition-700 hover:underline"
                title={member.userId}
              >
                {member.userId}
              </Link>
              <RoleBadge role={member.role} />
            </div>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-asphalt-500">
              <RiderLocation location={member.location} />
              <span>
                <Trans>Joined {joined}</Trans>
              </span>
            </p>
          </div>
          <MemberActionsMenu group={group} member={member} />
        </li>
        );
      })}
    </ul>
    <RemovedRiders group={group} />
    </>
  );
}
