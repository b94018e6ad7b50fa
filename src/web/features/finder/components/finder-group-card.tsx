import { Link } from 'react-router';
import { CalendarDays, Check, Clock, MapPin, Users } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { GroupImage } from '../../../components/groups/group-image';
import { GroupJoinButton } from '../../../components/groups/group-join-button';
import { Badge } from '../../../components/ui/badge';
import { formatDistance } from '../../../lib/units';
import { type FoundGroup } from '../../../api/finder';
import { Fact } from '../../../components/ui/fact';

interface FinderGroupCardProps {
  group: FoundGroup;
  units: PreferredUnits;
  onJoin: (group: FoundGroup) => void;
  joining: boolean;
}

/** A group the finder found: how far its base is, its members and rides, and Join Group when allowed. */
export function FinderGroupCard({ group, units, onJoin, joining }: FinderGroupCardProps) {
  const { t } = useLingui();
  const titleId = `finder-group-${group.id}`;
  const distance = formatDistance(group.distanceKm, units);
  const member = group.abilities.viewMembers;
  return (
    <article aria-labelledby={titleId} className="flex h-full min-w-0 flex-col rounded-2xl border border-asphalt-200/80 bg-white p-4 shadow-sm shadow-asphalt-900/[0.03] sm:p-5">
      <div className="flex items-start gap-3.5">
        <GroupImage name={group.name} imageUrl={group.groupImageUrl} className="size-14 text-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap gap-1.5">
            <Badge>
              <Trans>{distance} away</Trans>
            </Badge>
            {group.isActive ? <Badge variant="success">
                <Trans>Active</Trans>
              </Badge> : null}
          </div>
          <h3 id={titleId} className="mt-1.5 text-base leading-6 font-extrabold tracking-tight text-asphalt-950">
            <Link to={`/groups/${encodeURIComponent(group.slug)}`} className="break-words hover:text-ignition-700 hover:underline">
              {group.name}
            </Link>
          </h3>
        </div>
      </div>
      {group.description ? <p className="mt-3 line-clamp-2 text-sm leading-6 text-asphalt-700">{group.description}</p> : null}
      <dl className="mt-3 space-y-1.5 text-sm text-asphalt-600">
        <Fact term={t`Location`} icon={MapPin} align="start" valueClassName="min-w-0 text-asphalt-800">{group.location}</Fact>
        <Fact term={t`Members`} icon={Users}>
          <Plural value={group.memberCount} one="# member" other="# members" />
        </Fact>
        <Fact term={t`Upcoming rides`} icon={CalendarDays}>
          <Plural value={group.upcomingRides} one="# upcoming ride" other="# upcoming rides" />
        </Fact>
      </dl>
      <div className="mt-auto flex justify-end pt-4">
        {group.abilities.join ? (
          <GroupJoinButton group={group} onJoin={() => onJoin(group)} joining={joining} />
        ) : group.membershipStatus === 'pending' ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-ignition-800">
            <Clock className="size-4" aria-hidden="true" />
            <Trans>Membership application pending</Trans>
          </span>
        ) : member ? (
          <span className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-700">
            <Check className="size-4" aria-hidden="true" />
            {group.membershipStatus === 'owner' ? t`Your group` : t`Member`}
          </span>
        ) : null}
      </div>
    </article>
  );
}
