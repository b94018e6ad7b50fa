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
                <Link to={`/groups/${encodeURIComponent(group.slug)}`} className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-asphalt-50">
                  <GroupImage name={group.name} imageUrl={group.groupImageUrl} className="size-11 text-sm" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 font-bold leading-snug text-asphalt-950" title={group.name}>{group.name}</span>
                    <span className="block text-xs text-asphalt-500">
                      <Plural value={group.memberCount} one="# member" other="# members" /> ·{' '}
                      <Plural value={group.upcomingRides} one="# upcoming ride" other="# upcoming rides" />
                    </span>
                  </span>
                  {group.membershipStatus === 'pending' ? (
                    <Badge variant="accent">
                      <Trans>Pending</Trans>
                    </Badge>
                  ) : group.isActive ? (
                    <Badge variant="success">
                      <Trans>Active</Trans>
                    </Badge>
                  ) : null}
                  <ChevronRight className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
