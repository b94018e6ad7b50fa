import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '../../../components/ui/button';
import { PageMessage } from '../../../components/ui/page-message';
import { PanelError } from '../../../components/ui/list-states';
import { ridePath } from '../../../lib/rides/ride-format';
import { useCanonicalPath } from '../../../lib/use-canonical-path';
import { rideBySlugsQueryOptions, useRide, useRideBySlugs } from '../../../api/rides';

/*
 * What the ride page and the ride edit page share: the ride read from the address, and the screens
 * for a ride that could not be read or is not there. A module of its own so the edit page does not
 * import the ride page: the build's route chunk holds only what the ride page alone loads
 * (build/route-chunks.ts).
 */

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

/**
 * The ride (or its edit form) could not be read: said like a group page that could not load (the
 * shared PanelError: what failed, check the connection, Try again), with a way back, instead of a
 * bare "Something went wrong" with no way off the page but the menu.
 */
export function RideLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <Link to="/upcoming" className={buttonClasses('ghost', 'sm', '-ms-2 min-h-9 shrink! text-start')}>
        <ArrowLeft aria-hidden="true" />
        <Trans>Back to Upcoming Rides</Trans>
      </Link>
      <PanelError title={t`Couldn't load this ride`} onRetry={onRetry} />
    </div>
  );
}

/** The ride pages' messages are a size smaller than the other pages' (the ride's own title is). */
const RIDE_MESSAGE_TITLE = 'mt-5 text-2xl';

export function RideNotFound() {
  const { t } = useLingui();
  return (
    <PageMessage
      icon={SearchX}
      iconShape="square"
      title={t`Ride not found`}
      text={t`This ride may have been deleted, or the link is wrong.`}
      titleClassName={RIDE_MESSAGE_TITLE}
    >
      <Link to="/upcoming" className={buttonClasses('secondary', 'md', 'mt-6 min-h-11 shrink!')}>
        <ArrowLeft aria-hidden="true" />
        <Trans>Back to Upcoming Rides</Trans>
      </Link>
    </PageMessage>
  );
}

