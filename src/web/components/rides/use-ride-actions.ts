import { useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../shared/rides/ride';
import { ApiError, errorCodeOf } from '../../lib/api-client';
import { useDeleteRide, useJoinRide, useLeaveRide } from '../../api/rides';
import { toast } from '../ui/toast';

/** The server's code when a rider must join an approval group before its rides (GUIDE section 10). */
export const JOIN_GROUP_FIRST = 'join_group_first';

/** True when joining failed only because the rider is not yet in the ride's group. */
export function needsGroupFirst(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && errorCodeOf(error) === JOIN_GROUP_FIRST;
}

/**
 * Join, leave and delete with the spec's messages (spec 2 section 8: "Error" with "Failed to join
 * ride", "Failed to leave ride", "Failed to delete ride"). Leave and delete resolve true when they worked.
 */
export function useRideActions() {
  const { t } = useLingui();
  const join = useJoinRide();
  const leave = useLeaveRide();
  const remove = useDeleteRide();

  return {
    joining: join.isPending,
    leaving: leave.isPending,
    deleting: remove.isPending,
    /** 'group-first' when the rider must join the ride's (approval) group before the ride. */
    async join(ride: Ride): Promise<'joined' | 'group-first' | 'failed'> {
      try {
        await join.mutateAsync(ride.id);
        const rideName = ride.name;
        toast({ title: t`Joined ride`, description: t`You're riding ${rideName}.`, variant: 'success' });
        return 'joined';
      } catch (error) {
        console.error('Failed to join ride', error);
        const groupFirst = needsGroupFirst(error);
        toast({ title: t`Error`, description: groupFirst ? t`Join the group first` : t`Failed to join ride`, variant: 'destructive' });
        return groupFirst ? 'group-first' : 'failed';
      }
    },
    async leave(ride: Ride): Promise<boolean> {
      try {
        await leave.mutateAsync(ride.id);
        const rideName = ride.name;
        toast({ title: t`Left ride`, description: t`You're no longer riding ${rideName}.` });
        return true;
      } catch (error) {
        console.error('Failed to leave ride', error);
        toast({ title: t`Error`, description: t`Failed to leave ride`, variant: 'destructive' });
        return false;
      }
    },
    async remove(ride: Ride): Promise<boolean> {
      try {
        await remove.mutateAsync(ride.id);
        const rideName = ride.name;
        toast({ title: t`Ride deleted`, description: t`${rideName} has been deleted.`, variant: 'success' });
        return true;
      } catch (error) {
        console.error('Failed to delete ride', error);
        toast({ title: t`Error`, description: t`Failed to delete ride`, variant: 'destructive' });
        return false;
      }
    },
  };
}
