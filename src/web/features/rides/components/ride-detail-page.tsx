import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, CalendarDays, Clock, Compass, Globe, Hourglass, LogOut, MapPinned, Navigation, Pencil, Route, SearchX, Timer, Trash2, UserPlus, Users } from 'lucide-react';
import { distanceKm } from '../../../../shared/geo/coordinates';
import type { Ride } from '../../../../shared/rides/ride';
import { rideStops } from '../../../../shared/rides/ride-time';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { DeleteRideDialog } from '../../../components/delete-ride-dialog';
import { GpxRouteViewer } from '../../../components/gpx-route-viewer';
import { RideStatusBadge } from '../../../components/ride-status-badge';
import { NumberedStops } from '../../../components/ride-stops';
import { RouteMap } from '../../../components/route-map/route-map';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SendToNavigator } from './send-to-navigator-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useRideActions } from '../../../components/use-ride-actions';
import { UserAvatar } from '../../../components/user-avatar';
import { errorMessageOf } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useJoinGroupById } from '../../../lib/join-group';
import { DURATION_LABELS, rideEditPath, ridePath, rideSchedule } from '../../../lib/rides/ride-format';
import { useCanonicalPath } from '../../../lib/use-canonical-path';
import { formatDistance } from '../../../lib/units';
import { useRide } from '../api/get-ride';
import { rideBySlugsQueryOptions, useRideBySlugs } from '../api/get-ride-by-slugs';
import { useRideGroup } from '../api/get-ride-group';
import { RideComments } from './ride-comments';
import { MinimumDecisionBanner, WaitlistActions, WaitlistStanding, useWaitlistRefresh, waitingLabel } from './ride-waitlist';

/**
 * Reads the ride by slugs (/groups/{group}/rides/{ride}) or by id (/rides/{id}). `followMoves`
 * false stops the page following a rename to the ride's new address: the edit form turns it off
 * while it saves, since it leaves for the ride page itself and a refetched rename must not send it
 * back to the form.
 */
export function useRideFromRoute({ followMoves = true }: { followMoves?: boolean } = {}) {
  const { groupName = '', rideName = '', rideId = '' } = useParams();
  const bySlugs = useRideBySlugs(groupName, rideName, !rideId);
  const byId = useRide(rideId, Boolean(rideId));
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Opened at a slug the ride or its group had before a rename: show the current address (of the
  // same page: the ride, or its edit form).
  const ride = rideId ? undefined : bySlugs.data;
  const moved = ride?.groupSlug && (ride.groupSlug !== groupName || ride.slug !== rideName);
  useCanonicalPath(followMoves && ride && moved ? `${ridePath(ride)}${pathname.endsWith('/edit') ? '/edit' : ''}` : null, () => {
    if (ride?.groupSlug) queryClient.setQueryData(rideBySlugsQueryOptions(ride.groupSlug, ride.slug).queryKey, ride);
  });
  return rideId ? byId : bySlugs;
}

/** The ride page (spec 2 section 2, "Ride detail"). */
export function RideDetailPage() {
  const ride = useRideFromRoute();
  const { data: user } = useCurrentUser();

  if (ride.isPending) return <RideDetailSkeleton />;
  if (ride.isError) {
    return (
      <PageMessage title="Something went wrong" text="The ride could not be loaded.">
        <Button variant="secondary" onClick={() => void ride.refetch()}>
          Try again
        </Button>
      </PageMessage>
    );
  }
  if (!ride.data) return <RideNotFound />;
  return <RideDetail ride={ride.data} user={user ?? null} />;
}

/** Said above everything else: riders who open a cancelled ride must not read it as still on. */
function CancelledBanner({ canEdit }: { canEdit: boolean }) {
  return (
    <div role="note" aria-labelledby="ride-cancelled-title" className="mt-5 flex gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      <Ban className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0">
        <p id="ride-cancelled-title" className="font-extrabold">
          This ride was cancelled
        </p>
        <p className="mt-0.5 text-sm text-red-800">
          {canEdit ? 'Its riders were notified. Set its status back to Confirmed in Edit if it goes ahead after all.' : 'It will not take place as planned, and it no longer takes new riders.'}
        </p>
      </div>
    </div>
  );
}

export function RideNotFound() {
  return (
    <PageMessage title="Ride not found" text="This ride may have been deleted, or the link is wrong." icon={<SearchX className="size-7" aria-hidden="true" />}>
      <Link to="/upcoming" className={buttonClasses('secondary', 'md')}>
        <ArrowLeft aria-hidden="true" />
        Back to Upcoming Rides
      </Link>
    </PageMessage>
  );
}

function PageMessage({ title, text, icon, children }: { title: string; text: string; icon?: ReactNode; children?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center pt-10 text-center sm:pt-16">
      {icon ? <span className="flex size-14 items-center justify-center rounded-2xl bg-asphalt-100 text-asphalt-500">{icon}</span> : null}
      <h1 className="mt-5 text-2xl font-black tracking-tight text-asphalt-950">{title}</h1>
      <p className="mt-2 text-asphalt-600">{text}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function RideDetailSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading ride" className="space-y-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </div>
  );
}

function RideDetail({ ride, user }: { ride: Ride; user: CurrentUser | null }) {
  const navigate = useNavigate();
  const actions = useRideActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [mustJoinGroup, setMustJoinGroup] = useState(false);
  useWaitlistRefresh();
  const units = user?.preferredUnits ?? 'kilometers';
  const schedule = rideSchedule(ride);
  const isOwner = ride.abilities.edit;
  const joined = ride.isParticipant && !isOwner;

  const start = rideStops(ride)[0];
  const fromYou =
    user && user.latitude !== null && user.longitude !== null && start && start.latitude !== null && start.longitude !== null
      ? distanceKm({ lat: user.latitude, lon: user.longitude }, { lat: start.latitude, lon: start.longitude })
      : null;

  async function join() {
    if ((await actions.join(ride)) === 'group-first') setMustJoinGroup(true);
  }

  return (
    <article aria-labelledby="ride-title">
      <Link
        to={ride.group ? `/groups/${encodeURIComponent(ride.group.slug)}` : '/upcoming'}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-asphalt-600 hover:text-asphalt-950"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {ride.group ? `Back to ${ride.group.name}` : 'Back to Upcoming Rides'}
      </Link>

      <header className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5">
            <RideStatusBadge status={ride.status} />
            {isOwner ? <Badge variant="accent">Owner</Badge> : null}
            {joined ? <Badge variant="success">Joined</Badge> : null}
            {ride.waitlist?.position ? <Badge variant="accent">Waitlist #{ride.waitlist.position}</Badge> : null}
          </div>
          <h1 id="ride-title" className="mt-2 text-3xl font-black tracking-tight break-words text-asphalt-950 sm:text-4xl">
            {ride.name}
          </h1>
          {ride.description ? <p className="mt-2 max-w-3xl text-base leading-7 whitespace-pre-line text-asphalt-700">{ride.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <ParticipationActions ride={ride} actions={actions} onJoin={() => void join()} mustJoinGroup={mustJoinGroup} />
          <SendToNavigator ride={ride} />
          {ride.abilities.edit ? (
            <Link to={rideEditPath(ride)} className={buttonClasses('secondary', 'md')}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          ) : null}
          {ride.abilities.delete ? (
            <Button variant="secondary" onClick={() => setConfirmDelete(true)} className="text-red-700 hover:text-red-800">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
      </header>

      {ride.status === 'cancelled' ? <CancelledBanner canEdit={ride.abilities.edit} /> : null}
      <MinimumDecisionBanner ride={ride} />

      {/* Phones: details, riders, route, comments: the ride's text is on the first screen and the map
          (a chunk, Leaflet, then tiles) below it. Wide screens: route and comments beside the details. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <aside className="min-w-0 space-y-6 self-start lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <Card aria-labelledby="ride-facts-title">
            <CardHeader titleId="ride-facts-title" title="Ride Details" icon={<CalendarDays aria-hidden="true" />} />
            <CardBody>
              <dl className="divide-y divide-asphalt-100 text-sm">
                <Fact icon={<Navigation />} label="Total distance">
                  {ride.totalDistanceKm !== null ? formatDistance(ride.totalDistanceKm, units, 2) : 'Not known yet'}
                </Fact>
                {fromYou !== null ? (
                  <Fact icon={<Compass />} label="From your location">
                    {formatDistance(fromYou, units)}
                  </Fact>
                ) : null}
                <Fact icon={<CalendarDays />} label="Start date">
                  {schedule.startDate}
                </Fact>
                <Fact icon={<Clock />} label="Start time">
                  {schedule.startTime}
                </Fact>
                <Fact icon={<CalendarDays />} label="End date">
                  {schedule.endDate}
                </Fact>
                <Fact icon={<Timer />} label="Duration">
                  {DURATION_LABELS[ride.duration]}
                </Fact>
                <Fact icon={<Globe />} label="Timezone">
                  {ride.timezoneName} <span className="font-normal whitespace-nowrap text-asphalt-500">({ride.timezoneOffset})</span>
                </Fact>
                <Fact icon={<Users />} label="Participants">
                  {ride.participantCount}/{ride.maxRiders}
                  {ride.minRiders > 1 ? <span className="text-asphalt-500"> (min {ride.minRiders})</span> : null}
                  {ride.waitlist && ride.waitlist.count > 0 ? <span className="block font-normal text-asphalt-500">{waitingLabel(ride.waitlist.count)}</span> : null}
                </Fact>
                {ride.minRidersDecision?.at ? (
                  <Fact icon={<Hourglass />} label="Minimum decided">
                    {decisionLabel(ride.minRidersDecision.at, ride.timezoneOffset)}
                  </Fact>
                ) : null}
                {ride.group ? (
                  <Fact icon={<MapPinned />} label="Group">
                    <Link to={`/groups/${encodeURIComponent(ride.group.slug)}`} className="font-semibold text-ignition-700 hover:underline">
                      {ride.group.name}
                    </Link>
                  </Fact>
                ) : null}
              </dl>
            </CardBody>
          </Card>

          <Card aria-labelledby="ride-people-title">
            <CardHeader titleId="ride-people-title" title="Riders" icon={<Users aria-hidden="true" />} />
            <CardBody className="space-y-4">
              <WaitlistStanding ride={ride} />
              <dl className="space-y-2 text-sm">
                <PersonFact label="Owner" person={ride.owner} />
                <PersonFact label="Navigator" person={ride.navigator} />
              </dl>
              <div>
                <h3 className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
                  Participants ({ride.participantCount}/{ride.maxRiders})
                </h3>
                {ride.participants.length === 0 ? (
                  <p className="mt-2 text-sm text-asphalt-500">Nobody has joined yet.</p>
                ) : (
                  <ul aria-label="Participants" className="mt-2 flex flex-wrap gap-2">
                    {ride.participants.map((p) => (
                      <li key={p.id}>
                        <Link
                          to={`/profile/${encodeURIComponent(p.userId)}`}
                          className="flex items-center gap-1.5 rounded-full bg-asphalt-50 py-1 pr-3 pl-1 text-xs font-semibold text-asphalt-800 ring-1 ring-asphalt-200 hover:bg-asphalt-100"
                        >
                          <UserAvatar userId={p.userId} imageUrl={p.profileImageUrl} className="size-6 text-[10px]" />
                          {p.userId}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </CardBody>
          </Card>
        </aside>

        <div className="min-w-0 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <Card aria-labelledby="ride-route-title">
            <CardHeader titleId="ride-route-title" title="Route" icon={<Route aria-hidden="true" />} />
            <CardBody className="space-y-4">
              <NumberedStops stops={rideStops(ride)} />
              <RouteMap stops={rideStops(ride)} title={ride.name} className="h-64 rounded-xl ring-1 ring-asphalt-200 sm:h-80" />
              <GpxRouteViewer rideId={ride.id} canUpload={ride.abilities.uploadMedia} />
            </CardBody>
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-span-2 lg:col-start-1 lg:row-start-2">
          <RideComments ride={ride} />
        </div>
      </div>

      <DeleteRideDialog
        ride={ride}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        pending={actions.deleting}
        onConfirm={() =>
          void actions.remove(ride).then((ok) => {
            if (!ok) return;
            setConfirmDelete(false);
            void navigate(ride.group ? `/groups/${encodeURIComponent(ride.group.slug)}` : '/upcoming', { replace: true });
          })
        }
      />
    </article>
  );
}

/** When the minimum riders are decided, on the ride's clock as its start is shown ("Nov 28, 2026, 18:00"). */
function decisionLabel(at: string, timezoneOffset: string): string {
  const { startDate, startTime } = rideSchedule({ startDate: at, endDate: at, timezoneOffset });
  return `${startDate}, ${startTime}`;
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2.5 py-2.5 first:pt-0 last:pb-0">
      <span className="mt-0.5 text-asphalt-400 [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <dt className="shrink-0 text-asphalt-500">{label}</dt>
      <dd className="min-w-0 flex-1 text-right font-semibold break-words text-asphalt-900 tabular-nums">{children}</dd>
    </div>
  );
}

function PersonFact({ label, person }: { label: string; person: Ride['navigator'] }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-3 rounded-xl bg-asphalt-50 px-3 py-2.5">
      <dt className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        {person ? (
          <>
            <UserAvatar userId={person.userId} imageUrl={person.profileImageUrl} className="size-7 text-[10px]" />
            <Link to={`/profile/${encodeURIComponent(person.userId)}`} className="min-w-0 truncate font-semibold text-asphalt-900 hover:text-ignition-700 hover:underline" title={person.userId}>
              {person.userId}
            </Link>
          </>
        ) : (
          <span className="text-asphalt-500">None</span>
        )}
      </dd>
    </div>
  );
}

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
function ParticipationActions({ ride, actions, onJoin, mustJoinGroup }: ParticipationActionsProps) {
  const { abilities } = ride;
  const isOwner = abilities.edit;
  const couldJoinButForGroup =
    !abilities.join && !ride.isParticipant && !isOwner && ride.status === 'confirmed' && !ride.isFull && Boolean(ride.group);
  const group = useRideGroup(ride.group?.id ?? null, couldJoinButForGroup || mustJoinGroup);
  const joinGroup = useJoinGroupById();

  if (abilities.leave) {
    return (
      <Button variant="secondary" onClick={() => void actions.leave(ride)} disabled={actions.leaving}>
        <LogOut aria-hidden="true" />
        {actions.leaving ? 'Leaving...' : 'Leave Ride'}
      </Button>
    );
  }
  if (abilities.join && !mustJoinGroup) {
    // Close to the start a rider waiting may take a free seat by joining (first come), or stop waiting.
    return (
      <>
        <Button onClick={onJoin} disabled={actions.joining}>
          <UserPlus aria-hidden="true" />
          {actions.joining ? 'Joining...' : 'Join Ride'}
        </Button>
        <WaitlistActions ride={ride} />
      </>
    );
  }
  if (abilities.joinWaitlist || abilities.leaveWaitlist) return <WaitlistActions ride={ride} />;
  if (ride.isFull && !ride.isParticipant && !isOwner) {
    return (
      <Button variant="secondary" disabled>
        Full
      </Button>
    );
  }
  const status = group.data?.membershipStatus;
  if ((couldJoinButForGroup || mustJoinGroup) && status === 'pending') {
    return <p className="inline-flex h-10 items-center rounded-lg bg-ignition-50 px-3 text-sm font-semibold text-ignition-800">Membership application pending</p>;
  }
  if ((couldJoinButForGroup || mustJoinGroup) && group.data?.abilities.join) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-asphalt-600">Join the group first</span>
        <Button
          disabled={joinGroup.isPending}
          onClick={() =>
            void joinGroup
              .mutateAsync(group.data.id)
              .then((answer) => toast({ title: answer.status === 'pending' ? 'Request sent' : 'Joined group', description: answer.message, variant: 'success' }))
              .catch((error: unknown) => {
                console.error('Failed to join group', error);
                toast({ title: 'Failed to join group', description: errorMessageOf(error), variant: 'destructive' });
              })
          }
        >
          <UserPlus aria-hidden="true" />
          Join Group
        </Button>
      </div>
    );
  }
  return null;
}

