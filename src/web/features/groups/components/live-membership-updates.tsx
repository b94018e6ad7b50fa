import { useQueryClient } from '@tanstack/react-query';
import { useLiveNotifications } from '../../../lib/live-notifications';
import { invalidateGroups, membershipRequestsQueryOptions } from '../../../api/groups';
import { forgetPendingGroup } from './use-membership-approval-watch';

/**
 * Keeps group screens current from the live notification stream, without polling: a membership
 * request arriving or withdrawn refetches that group's requests (the owner's Pending Members tab
 * and its count); a decision refetches the rider's groups and pending requests. The rider was
 * told by the notification itself, so the approval watch is told not to announce it again.
 * Mounted once by the app shell for a signed-in rider; renders nothing.
 */
export function LiveMembershipUpdates({ riderId }: { riderId: string }) {
  const queryClient = useQueryClient();
  useLiveNotifications((event) => {
    const { type, subject } = event.kind === 'added' ? event.notification : event.removed;
    if (!subject?.groupId) return;
    if (type === 'membership_request') {
      void queryClient.invalidateQueries({ queryKey: membershipRequestsQueryOptions(subject.groupId).queryKey });
    } else if (type === 'membership_approved' || type === 'membership_declined') {
      forgetPendingGroup(riderId, subject.groupId);
      void invalidateGroups(queryClient);
    }
  });
  return null;
}
