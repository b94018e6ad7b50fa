import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/ui/toast';
import { myGroupsQueryOptions, usePendingMemberships } from '../../../api/groups';

const memory = new Map<string, string[]>();

const seenKey = (riderId: string) => `roadcaptain:pending-memberships:${riderId}`;

/** The last pending group ids seen for this rider; kept in localStorage so a reload or a later visit still notices. */
function readSeen(key: string): string[] {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return memory.get(key) ?? [];
  }
}

function writeSeen(key: string, ids: string[]): void {
  memory.set(key, ids);
  try {
    if (ids.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // storage unavailable (private mode): the in-memory copy serves this page's life
  }
}

/**
 * A decision the rider has already been told of by a live notification: the group leaves the seen
 * list, so its disappearance from the pending list is not announced a second time.
 */
export function forgetPendingGroup(riderId: string, groupId: string): void {
  const key = seenKey(riderId);
  const seen = readSeen(key);
  if (seen.includes(groupId)) writeSeen(key, seen.filter((id) => id !== groupId));
}

export function approvedGroups(disappeared: readonly string[], groups: readonly Group[]): Group[] {
  return groups.filter((g) => disappeared.includes(g.id) && g.abilities.viewMembers);
}

/**
 * Spec 2 section 4: the rider's pending requests are polled every 30 s; when a group id disappears
 * from the list the groups are refreshed and 'Membership approved!' is shown. A request that
 * disappears because it was declined does not become a membership, so it is not announced.
 * Returns whether the rider has requests pending (My Groups then refetches every 10 s).
 */
export function useMembershipApprovalWatch(riderId: string | undefined): { hasPendingRequests: boolean } {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: pending } = usePendingMemberships(Boolean(riderId));

  useEffect(() => {
    if (!pending || !riderId) return;
    const key = seenKey(riderId);
    const disappeared = readSeen(key).filter((id) => !pending.includes(id));
    writeSeen(key, pending);
    if (disappeared.length === 0) return;

    // No cancellation on clean-up: the ids are already recorded as seen, so this is the only chance to tell.
    void queryClient
      .fetchQuery({ ...myGroupsQueryOptions(), staleTime: 0 })
      .then((groups) => {
        // The group page and its tabs follow the new membership too.
        void queryClient.invalidateQueries({ queryKey: myGroupsQueryOptions().queryKey, predicate: (q) => q.queryKey.length > 1 });
        const approved = approvedGroups(disappeared, groups);
        if (approved.length === 0) return;
        const groupName = approved[0]!.name;
        const count = approved.length;
        toast({
          title: t`Membership approved!`,
          description: count === 1 ? t`You're now a member of ${groupName}.` : t`You're now a member of ${plural(count, { one: '# more group', other: '# more groups' })}.`,
          variant: 'success',
        });
      })
      .catch((error: unknown) => console.error('Failed to refresh groups', error));
  }, [pending, riderId, queryClient, t]);

  return { hasPendingRequests: (pending?.length ?? 0) > 0 };
}
