import { Link } from 'react-router';
import { CalendarDays, Clock, MapPin, Users } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { UserAvatar } from '../../../components/users/user-avatar';
import { Badge } from '../../../components/ui/badge';
import { GroupActionsMenu, type GroupMenuHandlers } from './group-actions-menu';
import { GroupImage } from '../../../components/groups/group-image';
import { GroupJoinButton } from '../../../components/groups/group-join-button';
import { groupPath } from '../../../lib/groups/group-path';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGroupText } from './group-text';
import { Fact } from '../../../components/ui/fact';

/**
 * A group in a list (spec 2 section 2): name, member count, description, location with radius,
 * upcoming rides, creator, the Active and Pending badges, and the card menu.
 */
export function GroupCard({ group, joining = false, ...handlers }: { group: Group; joining?: boolean } & GroupMenuHandlers) {
  const { t } = useLingui();
  const { membersText, radiusText, upcomingRidesText } = useGroupText();
  const pending = group.membershipStatus === 'pending';
  const creator = group.creator.userId;
  const titleId = `group-card-${group.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="group/card relative flex min-w-0 flex-col rounded-2xl border border-asphalt-200/80 bg-white p-4 shadow-sm shadow-asphalt-900/[0.03] transition-[border-color,box-shadow] hover:border-asphalt-300 hover:shadow-md sm:p-5"
    >
      <div className="flex items-start gap-3.5">
        <GroupImage name={group.name} imageUrl={group.groupImageUrl} className="size-14 text-lg" />
        <div className="min-w-0 flex-1 pt-0.5">
          <h3 id={titleId} className="text-base leading-6 font-extrabold tracking-tight text-asphalt-950">
            <Link
              to={groupPath(group.slug)}
              className="break-words after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:text-ignition-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ignition-500"
            >
              {group.name}
            </Link>
          </h3>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-asphalt-600">
            <Users className="size-3.5 shrink-0 text-asphalt-400" aria-hidden="true" />
            {membersText(group.memberCount)}
          </p>
          {group.isActive || pending ? (
            <div className="mt-2 flex flex-wrap gap-1.5">
              {group.isActive ? <Badge variant="success"><Trans>Active</Trans></Badge> : null}
              {pending ? <Badge variant="accent"><Trans>Pending</Trans></Badge> : null}
            </div>
          ) : null}
        </div>
        {/* Above the card-wide link, so the menu stays its own control. */}
        <GroupActionsMenu group={group} {...handlers} className="relative z-10 -mt-1 -me-1.5" />
      </div>

      {group.description ? <p className="mt-3 line-clamp-2 text-sm leading-6 text-asphalt-700">{group.description}</p> : null}

      <dl className="mt-3 space-y-1.5 text-sm text-asphalt-600">
        <Fact term={t`Location`} icon={MapPin} align="start" valueClassName="min-w-0">
          <span className="block text-asphalt-800">{group.location}</span>
          <span className="block text-xs text-asphalt-500">{radiusText(group.radiusKm)}</span>
        </Fact>
        <Fact term={t`Upcoming rides`} icon={CalendarDays}>{upcomingRidesText(group.upcomingRides)}</Fact>
      </dl>

      <div className="mt-auto pt-4">
        {/* Above the card-wide link like the menu; search results are where riders join (not only in the menu). */}
        <GroupJoinButton group={group} onJoin={() => handlers.onJoin(group)} joining={joining} className="relative z-10 mb-3" />
        {pending ? (
          <p className="mb-3 flex items-center gap-2 rounded-lg bg-ignition-50 px-3 py-2 text-sm font-semibold text-ignition-800">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            <Trans>Membership application pending</Trans>
          </p>
        ) : null}
        <div className="flex items-center gap-2 border-t border-asphalt-100 pt-3 text-xs text-asphalt-500">
          <UserAvatar userId={group.creator.userId} imageUrl={group.creator.profileImageUrl} className="size-6 text-[10px]" />
          <span className="min-w-0 truncate" title={t`Created by ${creator}`}>
            <Trans>
              Created by <span className="font-semibold text-asphalt-700">{creator}</span>
            </Trans>
          </span>
        </div>
      </div>
    </article>
  );
}
