import { CircleCheck, Hourglass, LogOut } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessageOf } from '../../../lib/api-client';
import { useLiveNotifications } from '../../../lib/live-notifications';
import { ridesKeys, useJoinWaitlist, useKeepRide, useLeaveWaitlist, useUpdateRide } from '../../../api/rides';

/** "3 riders waiting". */
export function WaitingCount({ count }: { count: number }) {
  return <Plural value={count} one="# rider waiting" other="# riders waiting" />;
}

/**
 * Join waitlist on a full ride, or the rider's place with Leave waitlist (docs/behaviour/rides.md "Seats that
 * fill themselves"): the server's abilities decide, as for Join Ride.
 */
export function WaitlistActions({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const rideName = ride.name;
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const { abilities } = ride;

  if (abilities.joinWaitlist) {
    return (
      <Button
        needsServer
        disabled={join.isPending}
        onClick={() =>
          void join
            .mutateAsync(ride.id)
            .then((updated) => {
              const position = updated.waitlist?.position ?? '';
              toast({ title: t`On the waitlist`, description: t`You're number ${position} for a seat on ${rideName}.`, variant: 'success' });
            })
            .catch(toastFailure('Failed to join waitlist', t`Error`))
        }
      >
        <Hourglass aria-hidden="true" />
        {join.isPending ? t`Joining waitlist...` : t`Join waitlist`}
      </Button>
    );
  }
  if (abilities.leaveWaitlist) {
    return (
      <Button
        needsServer
        variant="secondary"
        disabled={leave.isPending}
        onClick={() =>
          void leave
            .mutateAsync(ride.id)
            .then(() => toast({ title: t`Left the waitlist`, description: t`You're no longer waiting for a seat on ${rideName}.` }))
            .catch(toastFailure('Failed to leave waitlist', t`Error`))
        }
      >
        <LogOut aria-hidden="true" />
        {leave.isPending ? t`Leaving...` : t`Leave waitlist`}
      </Button>
    );
  }
  return null;
}

/** The rider's place and the queue's length, said in the Riders card (and announced when it changes). */
export function WaitlistStanding({ ride }: { ride: Ride }) {
  const waitlist = ride.waitlist;
  if (!waitlist || (waitlist.count === 0 && waitlist.position === null)) return null;
  const { position, count } = waitlist;
  return (
    <div className="rounded-xl bg-ignition-50 px-3 py-2.5 text-sm text-ignition-900 ring-1 ring-ignition-200">
      <h3 className="text-xs font-bold tracking-wide text-ignition-800 uppercase">
        <Trans>Waitlist</Trans>
      </h3>
      <p role="status" className="mt-1 font-semibold">
        {position !== null ? (
          <Trans>
            You're number {position} of {count} on the waitlist
          </Trans>
        ) : (
          <WaitingCount count={count} />
        )}
      </p>
      {position !== null ? (
        <p className="mt-0.5 text-ignition-800">
          <Trans>A seat that frees up goes to the first rider waiting, who is told at once.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The owner's choice once a ride reached its minimum riders decision time below its minimum: keep
 * it, or cancel it (which tells its riders, as any cancellation does).
 */
export function MinimumDecisionBanner({ ride }: { ride: Ride }) {
  const { t } = useLingui();
  const keep = useKeepRide();
  const cancel = useUpdateRide();
  if (!ride.abilities.decideMinimum) return null;
  const fail = (what: string) => (error: unknown) => {
    console.error(what, error);
    toast({ title: t`Error`, description: errorMessageOf(error), variant: 'destructive' });
  };
  const { participantCount, minRiders, name: rideName } = ride;
  return (
    <div role="note" aria-labelledby="ride-minimum-title" className="mt-5 flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p id="ride-minimum-title" className="font-extrabold">
          <Trans>
            {participantCount} of the {minRiders} riders it needs
          </Trans>
        </p>
        <p className="mt-0.5 text-sm text-amber-900">
          <Trans>The decision time has passed. Keep the ride as it is, or cancel it and tell its riders.</Trans>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          needsServer
          disabled={keep.isPending || cancel.isPending}
          onClick={() =>
            void keep
              .mutateAsync(ride.id)
              .then(() => toast({ title: t`Ride kept`, description: t`${rideName} goes ahead.`, variant: 'success' }))
              .catch(fail('Failed to keep ride'))
          }
        >
          <CircleCheck aria-hidden="true" />
          <Trans>Keep ride</Trans>
        </Button>
        <Button
          needsServer
          variant="secondary"
          className="text-red-700 hover:text-red-800"
          disabled={keep.isPending || cancel.isPending}
          onClick={() =>
            void cancel
              .mutateAsync({ rideId: ride.id, changes: { status: 'cancelled', navigatorId: undefined } })
              .then(() => toast({ title: t`Ride cancelled`, description: t`Its riders were notified.` }))
              .catch(fail('Failed to cancel ride'))
          }
        >
          <Trans>Cancel ride</Trans>
        </Button>
      </div>
    </div>
  );
}

/** The waitlist's notifications change what the ride page shows (a seat taken, a seat free): it reads the ride again. */
const WAITLIST_NOTIFICATIONS = new Set(['waitlist_seat_taken', 'waitlist_seat_free']);

export function useWaitlistRefresh(): void {
  const queryClient = useQueryClient();
  useLiveNotifications((event) => {
    if (event.kind === 'added' && WAITLIST_NOTIFICATIONS.has(event.notification.type)) void queryClient.invalidateQueries({ queryKey: ridesKeys.all });
  });
}

/** The catch of a waitlist action: logged for us, the server's reason shown to the rider under `title`. */
function toastFailure(what: string, title: string) {
  return (error: unknown) => {
    console.error(what, error);
    toast({ title, description: errorMessageOf(error), variant: 'destructive' });
  };
}
