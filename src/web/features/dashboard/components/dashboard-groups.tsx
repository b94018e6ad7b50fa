import { Link } from 'react-router';
import { ChevronRight, Plus, Search, Users } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { GroupImage } from '../../../components/groups/group-image';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { InlineLoadError } from '../../../components/ui/list-states';
import { myGroupsQueryOptions } from '../../../api/groups';
import { cn } from '../../../lib/cn';
import type { Group } from '../../../../shared/groups/group';

/** Spec 2 section 9: the dashboard shows 4 groups. */
export const DASHBOARD_GROUP_COUNT = 4;

/** Up to 4 of the rider's groups, or the empty state with Find Groups and Create Group. */
export function DashboardGroups() {
  const { t } = useLingui();
  const groups = useQuery(myGroupsQueryOptions());
  const list = groups.data ?? [];
  return (
    <Card aria-labelledby="dashboard-groups-title" className="h-full">
      <CardHeader
        titleId="dashboard-groups-title"
        title={t`My Groups`}
        description={t`The crews you ride with.`}
        icon={<Users aria-hidden="true" />}
        actions={
          list.length > 0 ? (
            <Link to="/groups" className="text-sm font-semibold text-ignition-700 hover:underline">
              <Trans>View all</Trans>
            </Link>
          ) : null
        }
      />
      <CardBody>
        {groups.isPending ? (
          <SkeletonLines className="space-y-2" label={t`Loading groups`} lines={['h-16 rounded-xl', 'h-16 rounded-xl']} />
        ) : groups.isLoadingError ? (
          <InlineLoadError onRetry={() => void groups.refetch()}>
            <Trans>Groups could not be loaded.</Trans>
          </InlineLoadError>
        ) : list.length === 0 ? (
          <div className="rounded-xl bg-asphalt-50 px-4 py-6 text-center">
            <p className="text-sm font-semibold text-asphalt-800">
              <Trans>You're not part of any groups yet</Trans>
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <Link to="/finder" className={buttonClasses('secondary', 'sm')}>
                <Search aria-hidden="true" />
                <Trans>Find Groups</Trans>
              </Link>
              <Link to="/groups?action=create" className={buttonClasses('primary', 'sm')}>
                <Plus aria-hidden="true" />
                <Trans>Create Group</Trans>
              </Link>
            </div>
          </div>
        ) : (
          <ul aria-label={t`Your groups`} className="-mx-2 space-y-1">
            {list.slice(0, DASHBOARD_GROUP_COUNT).map((group) => (
              <li key={group.id}>
                <DashboardGroupRow group={group} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/**
 * A group's row: its picture, name and counts, its badge and a chevron. On a phone the badge goes
 * under the counts: beside them it left Polish "1 nadchodzący wyjazd" 72 px at 320 px, and the word
 * broke. From 640 px it sits beside them.
 */
function DashboardGroupRow({ group }: { group: Group }) {
  const badge =
    group.membershipStatus === 'pending' ? (
      <Badge variant="accent">
        <Trans>Pending</Trans>
      </Badge>
    ) : group.isActive ? (
      <Badge variant="success">
        <Trans>Active</Trans>
      </Badge>
    ) : null;
  return (
    <Link
      to={`/groups/${encodeURIComponent(group.slug)}`}
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-xl p-2 transition-colors hover:bg-asphalt-50 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
    >
      <GroupImage name={group.name} imageUrl={group.groupImageUrl} className={cn('size-11 text-sm', badge && 'row-span-2 sm:row-span-1')} />
      <span className="min-w-0">
        <span className="line-clamp-2 font-bold leading-snug text-asphalt-950" title={group.name}>{group.name}</span>
        <span className="block text-xs text-asphalt-500">
          <Plural value={group.memberCount} one="# member" other="# members" /> ·{' '}
          <Plural value={group.upcomingRides} one="# upcoming ride" other="# upcoming rides" />
        </span>
      </span>
      {badge ? <span className="col-start-2 row-start-2 justify-self-start sm:col-start-3 sm:row-start-1">{badge}</span> : null}
      <ChevronRight className={cn('size-4 shrink-0 text-asphalt-400', badge && 'col-start-3 row-span-2 row-start-1 sm:col-start-4 sm:row-span-1')} aria-hidden="true" />
    </Link>
  );
}
