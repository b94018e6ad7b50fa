import { lazy, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CalendarDays, Clock, Eye, Navigation, Pencil, Route, Trash2, UserPlus, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Ride } from '../../../shared/rides/ride';
import { rideStops } from '../../../shared/rides/ride-time';
import { cn } from '../../lib/cn';
import { useCurrentUser, usePreferences } from '../../api/users';
import { DURATION_MESSAGES, rideEditPath, ridePath, rideSchedule, routeNames, seriesPath } from '../../lib/rides/ride-format';
import { formatDistance } from '../../lib/units';
import { DeleteRideDialog } from './delete-ride-dialog';
import { RideGpxSection } from './ride-gpx-section';
import { RideBadges } from './ride-badges';
import { RouteChain } from './ride-stops';
import { RouteMap } from '../route-map/route-map';
import { useRideActions } from './use-ride-actions';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuMoreTrigger } from '../ui/dropdown-menu';
import { MenuActions } from '../ui/menu-actions';
import { UserAvatar } from '../users/user-avatar';
import { Fact } from '../ui/fact';
import { QuietPart } from '../part-boundary';

const SeriesRepeatText = lazy(() => import('./series-repeat-text'));

export interface RideCardProps {
  ride: Ride;
  /** Distance from the searched place (Ride Finder), shown in the rider's unit. */
  distanceKm?: number;
  /** Hide the small map (dense lists). */
  hideMap?: boolean;
  className?: string;
}


/**
 * A ride in a list (spec 2 section 2, "Ride card"): name, status, Owner and Joined badges,
 * description, dates, duration, route chain, total distance (2 decimals), rider count (minimum only
 * above 1), owner and navigator, a small map with a fullscreen button, and the menu (View Details,
 * Join Ride, Edit Ride, Delete Ride) from the abilities the server sent. The join button reads
 * "Full" once every seat is taken.
 */
export function RideCard({ ride, distanceKm, hideMap = false, className }: RideCardProps) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const { units } = usePreferences();
  const { t, i18n } = useLingui();
  const actions = useRideActions();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const path = ridePath(ride);
  const schedule = rideSchedule(ride);
  const isOwner = ride.abilities.edit || (user ? ride.ownerId === user.id : false);
  const joined = ride.isParticipant && !isOwner;
  const showFull = ride.isFull && !ride.isParticipant && !isOwner;
  const titleId = `ride-card-${ride.id}`;
  const { startDate, endDate } = schedule;
  // The ride's dates: "Dec 5, 2026" or "Dec 5, 2026 – Dec 7, 2026".
  const dates = schedule.sameDay ? startDate : t`${startDate} – ${endDate}`;
  // "3/10 riders".
  const joinedCount = ride.participantCount;
  const maxRiders = ride.maxRiders;
  const riders = t`${plural(maxRiders, { one: `${joinedCount}/# riders`, other: `${joinedCount}/# riders` })}`;
  const minRiders = ride.minRiders;
  const distance = distanceKm !== undefined ? formatDistance(distanceKm, units) : '';

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group/card relative flex min-w-0 flex-col overflow-hidden rounded-2xl [contain:inline-size] border border-asphalt-200/80 bg-white shadow-sm shadow-asphalt-900/[0.03] transition-[border-color,box-shadow] hover:border-asphalt-300 hover:shadow-md',
        className,
      )}
    >
      {hideMap ? null : <RouteMap stops={rideStops(ride)} title={ride.name} className="h-36 border-b border-asphalt-100 sm:h-40" />}

      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <RideBadges status={ride.status} isOwner={isOwner} joined={joined} className="mb-1.5">
              {distanceKm !== undefined ? <Badge>{t`${distance} away`}</Badge> : null}
              {ride.series ? (
                <Link to={seriesPath(ride.series.id)} className="rounded-full hover:underline">
                  <Badge>
                    <QuietPart>
                      <SeriesRepeatText rule={ride.series.rule} />
                    </QuietPart>
                  </Badge>
                </Link>
              ) : null}
            </RideBadges>
            <h3 id={titleId} className="text-base leading-6 font-extrabold tracking-tight text-asphalt-950">
              <Link to={path} className="break-words hover:text-ignition-700 hover:underline">
                {ride.name}
              </Link>
            </h3>
            {ride.group ? <p className="truncate text-xs font-semibold text-asphalt-500" title={ride.group.name}>{ride.group.name}</p> : null}
          </div>
          <RideMenu
            ride={ride}
            onView={() => void navigate(path)}
            onJoin={() => void actions.join(ride)}
            onEdit={() => void navigate(rideEditPath(ride))}
            onDelete={() => setConfirmDelete(true)}
          />
        </div>

        {ride.description ? <p className="mt-2 line-clamp-2 text-sm leading-6 text-asphalt-700">{ride.description}</p> : null}

        <dl className="mt-3 space-y-1.5 text-sm text-asphalt-600">
          <Fact term={t`Dates`} icon={CalendarDays} align="start" valueClassName="min-w-0">
            <span className="font-semibold text-asphalt-800">{dates}</span>
            <span className="text-asphalt-500"> · </span>
            <span className="tabular-nums">{schedule.startTime}</span>
          </Fact>
          <Fact term={t`Duration`} icon={Clock}>{i18n._(DURATION_MESSAGES[ride.duration])}</Fact>
          <Fact term={t`Route`} icon={Route} align="start" valueClassName="min-w-0 flex-1">
            <RouteChain names={routeNames(ride)} className="text-asphalt-800" />
          </Fact>
          {ride.totalDistanceKm !== null ? (
            <Fact term={t`Total distance`} icon={Navigation} valueClassName="tabular-nums">{formatDistance(ride.totalDistanceKm, units, 2)}</Fact>
          ) : null}
          <Fact term={t`Riders`} icon={Users} valueClassName="tabular-nums">
            {riders}
            {ride.minRiders > 1 ? <span className="text-asphalt-500">
                {' · '}
                <Trans>min {minRiders}</Trans>
              </span> : null}
          </Fact>
        </dl>

        <RideGpxSection rideId={ride.id} canUpload={ride.abilities.uploadMedia} className="mt-4" />

        <div className="mt-auto flex items-center gap-3 pt-4">
          <div className="flex min-w-0 flex-1 items-center gap-3 border-t border-asphalt-100 pt-3 text-xs text-asphalt-500">
            <Person label={t`Owner`} roleWord={t`owner`} person={ride.owner} />
            {ride.navigator ? <Person label={t`Navigator`} roleWord={t`navigator`} person={ride.navigator} /> : null}
          </div>
          {ride.abilities.join ? (
            <Button size="sm" needsServer onClick={() => void actions.join(ride)} disabled={actions.joining} className="mt-3">
              <UserPlus aria-hidden="true" />
              <Trans>Join Ride</Trans>
            </Button>
          ) : showFull ? (
            <Button size="sm" variant="secondary" disabled className="mt-3">
              <Trans context="no seat left on the ride">Full</Trans>
            </Button>
          ) : null}
        </div>
      </div>

      <DeleteRideDialog ride={ride} open={confirmDelete} onOpenChange={setConfirmDelete} />
    </article>
  );
}

/** A person and their role: `label` for screen readers ("Owner"), `roleWord` shown after the handle ("owner"). */
function Person({ label, roleWord, person }: { label: string; roleWord: string; person: Ride['owner'] }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <UserAvatar userId={person.userId} imageUrl={person.profileImageUrl} className="size-6 text-[10px]" />
      <span className="flex min-w-0 items-baseline">
        <span className="sr-only">{label}: </span>
        {/* Only the handle is cut (docs/web.md "Phones": cut text keeps its full text as title); the
            role stays readable beside it, where a 30-character handle used to push "· owner" out. */}
        <span className="min-w-0 truncate font-semibold text-asphalt-700" title={person.userId}>
          {person.userId}
        </span>
        <span aria-hidden="true" className="shrink-0 whitespace-pre text-asphalt-500">
          {' '}
          · {roleWord}
        </span>
      </span>
    </span>
  );
}

interface RideMenuProps {
  ride: Ride;
  onView: () => void;
  onJoin: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function RideMenu({ ride, onView, onJoin, onEdit, onDelete }: RideMenuProps) {
  const { t } = useLingui();
  const { abilities } = ride;
  const rideName = ride.name;
  return (
    <DropdownMenu>
      <DropdownMenuMoreTrigger label={t`Actions for ${rideName}`} className="-mt-1 -me-1.5" />
      <DropdownMenuContent align="end">
        <MenuActions
          actions={[
            { key: 'view', label: t`View Details`, icon: Eye, select: onView },
            { key: 'join', label: t`Join Ride`, icon: UserPlus, shown: abilities.join, select: onJoin },
            { key: 'edit', label: t`Edit Ride`, icon: Pencil, shown: abilities.edit, select: onEdit },
          ]}
          danger={{ key: 'delete', label: t`Delete Ride`, icon: Trash2, shown: abilities.delete, select: onDelete }}
        />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

