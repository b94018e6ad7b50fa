import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Ban, Pencil, Route, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { rideStops } from '../../../../shared/rides/ride-time';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { DeleteRideDialog } from '../../../components/rides/delete-ride-dialog';
import { GpxRouteViewer } from '../../../components/rides/gpx-route-viewer';
import { RideBadges } from '../../../components/rides/ride-badges';
import { NumberedStops } from '../../../components/rides/ride-stops';
import { RouteMap } from '../../../components/route-map/route-map';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SendToNavigator } from './send-to-navigator-dialog';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useRideActions } from '../../../components/rides/use-ride-actions';
import { useCurrentUser } from '../../../api/users';
import { rideEditPath } from '../../../lib/rides/ride-format';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useRevealedInTransition } from '../../../lib/use-revealed-in-transition';
import { RideLoadError, RideNotFound, useRideFromRoute } from './ride-from-route';
import { RideComments } from './ride-comments';
import { ParticipationActions } from './participation-actions';
import { GuestPushOffer } from './guest-push-offer';
import { RideFactsCard } from './ride-facts-card';
import { SeriesActions } from './series-actions';
import { RideRidersCard } from './ride-riders-card';
import { useBootShellRemoved } from '../../../app/boot-shell';
import { RideMediaStrip } from '../../../components/media/ride-media-strip';
import { MinimumDecisionBanner, useWaitlistRefresh } from './ride-waitlist';

/** The ride page (spec 2 section 2, "Ride detail"). */
export function RideDetailPage() {
  const ride = useRideFromRoute();
  const { data: user } = useCurrentUser();
  // The ride's first build is the page's largest render (facts, riders, stops, actions). Its data
  // arrives as an urgent update, which React renders in one task (150 ms at a phone's speed); the
  // first build goes in a transition instead, which React renders in slices. Later updates of the
  // ride (a join, a refetch) render at once, as before.
  const built = useRevealedInTransition(!ride.isPending);
  // A link's first load paints the ride's name from the HTML (the boot shell the server wrote,
  // app/boot-shell.tsx): it stays until the ride is built, then this page takes its place.
  useBootShellRemoved(built);

  // Pending again when the page goes on to another ride (the route stays mounted).
  if (!built || ride.isPending) return <RideDetailSkeleton />;
  if (ride.isLoadingError) return <RideLoadError onRetry={() => void ride.refetch()} />;
  if (!ride.data) return <RideNotFound />;
  return <RideDetail ride={ride.data} user={user ?? null} />;
}

/** Said above everything else: riders who open a cancelled ride must not read it as still on. */
function CancelledBanner({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  return (
    <div role="note" aria-labelledby="ride-cancelled-title" className="mt-5 flex gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-900">
      <Ban className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div className="min-w-0">
        <p id="ride-cancelled-title" className="font-extrabold">
          <Trans>This ride was cancelled</Trans>
        </p>
        <p className="mt-0.5 text-sm text-red-800">
          {canEdit
            ? t`Its riders were notified. Set its status back to Confirmed in Edit if it goes ahead after all.`
            : t`It will not take place as planned, and it no longer takes new riders.`}
        </p>
      </div>
    </div>
  );
}

/** The ride's map, and its placeholder until the page has painted. */
const MAP_SIZE = 'h-64 rounded-xl ring-1 ring-asphalt-200 sm:h-80';
/** The placeholders of the collapsed GPX viewer, and of the photos and comments. */
const GPX_SIZE = 'h-12 rounded-2xl';
const COMMENTS_SIZE = 'h-40 rounded-2xl';

function RideDetailSkeleton() {
  const { t } = useLingui();
  return (
    <LoadingRegion label={t`Loading ride`} className="space-y-6">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-96 rounded-2xl" />
      </div>
    </LoadingRegion>
  );
}

function RideDetail({ ride, user }: { ride: Ride; user: CurrentUser | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const actions = useRideActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [mustJoinGroup, setMustJoinGroup] = useState(false);
  useWaitlistRefresh();
  const isOwner = ride.abilities.edit;
  const joined = ride.isParticipant && !isOwner;
  const groupName = ride.group?.name;
  const waitlistPosition = ride.waitlist?.position;
  // A link's landing paints the ride's text (name, badges, facts, stops) first; the map, the GPX
  // viewer, the photos and the comments are built after that paint (docs/decisions/2026-11-27-ride-page-paints-first.md).
  const painted = useAfterFirstPaint();

  async function join() {
    if ((await actions.join(ride)) === 'group-first') setMustJoinGroup(true);
  }

  return (
    <article aria-labelledby="ride-title">
      <Link
        to={ride.group ? `/groups/${encodeURIComponent(ride.group.slug)}` : '/upcoming'}
        className="inline-flex max-w-full items-center gap-1.5 text-sm font-semibold text-asphalt-600 hover:text-asphalt-950"
      >
        <ArrowLeft className="size-4 shrink-0" aria-hidden="true" />
        {/* A group name may be one long word (any script): it breaks rather than widening a phone's page. */}
        <span className="min-w-0 [overflow-wrap:anywhere]">{groupName !== undefined ? t`Back to ${groupName}` : t`Back to Upcoming Rides`}</span>
      </Link>

      <header className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <RideBadges status={ride.status} isOwner={isOwner} joined={joined}>
            {waitlistPosition ? (
              <Badge variant="accent">
                <Trans>Waitlist #{waitlistPosition}</Trans>
              </Badge>
            ) : null}
          </RideBadges>
          {/* elementtiming: the browser reports when the ride's name painted (Element Timing API), which
              e2e/first-paint.test.ts compares with when Leaflet and the comments were asked for. */}
          <h1 id="ride-title" {...{ elementtiming: 'ride-title' }} className="mt-2 text-3xl font-black tracking-tight break-words text-asphalt-950 sm:text-4xl">
            {ride.name}
          </h1>
          {ride.series ? <SeriesActions ride={{ ...ride, series: ride.series }} /> : null}
          {ride.description ? <p className="mt-2 max-w-3xl text-base leading-7 whitespace-pre-line text-asphalt-700">{ride.description}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <ParticipationActions ride={ride} actions={actions} onJoin={() => void join()} mustJoinGroup={mustJoinGroup} />
          <SendToNavigator ride={ride} />
          {ride.abilities.edit ? (
            <Link to={rideEditPath(ride)} className={buttonClasses('secondary', 'md')}>
              <Pencil aria-hidden="true" />
              <Trans>Edit</Trans>
            </Link>
          ) : null}
          {ride.abilities.delete ? (
            <Button variant="secondary" onClick={() => setConfirmDelete(true)} className="text-red-700 hover:text-red-800">
              <Trash2 aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </div>
      </header>

      {ride.status === 'cancelled' ? <CancelledBanner canEdit={ride.abilities.edit} /> : null}
      <MinimumDecisionBanner ride={ride} />
      {joined && user && !user.email && ride.status !== 'cancelled' ? <GuestPushOffer /> : null}

      {/* Phones: details, riders, route, comments: the ride's text is on the first screen and the map
          (a chunk, Leaflet, then tiles) below it. Wide screens: route and comments beside the details. */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <aside className="min-w-0 space-y-6 self-start lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <RideFactsCard ride={ride} user={user} />

          <RideRidersCard ride={ride} />
        </aside>

        <div className="min-w-0 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <Card aria-labelledby="ride-route-title">
            <CardHeader titleId="ride-route-title" title={t`Route`} icon={<Route aria-hidden="true" />} />
            <CardBody className="space-y-4">
              <NumberedStops stops={rideStops(ride)} />
              {painted ? (
                <RouteMap stops={rideStops(ride)} title={ride.name} className={MAP_SIZE} />
              ) : (
                <Skeleton className={MAP_SIZE} />
              )}
              {painted ? <GpxRouteViewer rideId={ride.id} canUpload={ride.abilities.uploadMedia} /> : <Skeleton className={GPX_SIZE} />}
            </CardBody>
          </Card>
        </div>

        <div className="min-w-0 self-start lg:col-span-2 lg:col-start-1 lg:row-start-2">
          {painted ? (
            <>
              <RideMediaStrip ride={ride} />
              <RideComments ride={ride} />
            </>
          ) : (
            <Skeleton className={COMMENTS_SIZE} />
          )}
        </div>
      </div>

      <DeleteRideDialog
        ride={ride}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        onDeleted={() => void navigate(ride.group ? `/groups/${encodeURIComponent(ride.group.slug)}` : '/upcoming', { replace: true })}
      />
    </article>
  );
}
