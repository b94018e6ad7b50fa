import { keepPreviousData, queryOptions, useQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { CreateGroupInput, Group, GroupBan, GroupMember, GroupRole, MembershipRequest, UpdateGroupInput } from '../../shared/groups/group';
import type { Ride } from '../../shared/rides/ride';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { groupsKeys, invalidateGroups, invalidateRideLists } from './query-keys';
import { useRefreshingMutation } from './refreshing-mutation';
import { upcomingRidesQueryOptions } from './rides';

export { groupsKeys, invalidateGroups };

export type CreateGroupPayload = Omit<CreateGroupInput, 'creatorId'>;

export interface GroupSettings {
  membershipApprovalRequired: boolean;
  timezoneOffset: string;
  timezoneName: string;
  timezone: string;
}

export interface JoinGroupResult {
  message: string;
  /** 'pending' when the group needs the owner's approval ("Membership request submitted for approval"). */
  status: 'member' | 'pending';
}

export interface MembershipDecision {
  groupId: string;
  requestId: string;
  /** With a decline only: "Don't let them ask again" (the server answers 400 to a ban with an approval). */
  ban?: boolean;
}

/** Spec 2 section 4: the groups list refetches every 10 s while membership requests are pending. */
export const PENDING_GROUPS_REFETCH_MS = 10_000;
/** Spec 2 section 4: the rider's pending requests are polled every 30 s. */
export const PENDING_MEMBERSHIPS_POLL_MS = 30_000;

/** Reads answering `status` (404 for a missing group, 403 for a list the rider may not see) mean "nothing". */
async function orWhenStatus<T>(status: number, fallback: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === status) return fallback;
    throw error;
  }
}

const groupPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}`;

/**
 * GET /api/groups: the rider's groups, including those they asked to join (spec 2 section 7). A 401
 * while a sign-in rotates the session counts as no groups; other failures throw, so My Groups can
 * show its error state (the shell then counts 0).
 */
export async function getMyGroups(): Promise<Group[]> {
  const groups = await orWhenStatus(401, [], () => apiGet<Group[]>('/api/groups'));
  return Array.isArray(groups) ? groups : [];
}

/** GET /api/groups/by-name/{name}: the group page's group, by slug. 404 gives null (spec 2 section 7). */
export function getGroupByName(name: string): Promise<Group | null> {
  return orWhenStatus(404, null, () => apiGet<Group>(`/api/groups/by-name/${encodeURIComponent(name)}`));
}

/** GET /api/groups/{id}: a group by id (a ride's group, to tell "join the group first" from "your request is pending"). */
export function getGroup(groupId: string): Promise<Group> {
  return apiGet<Group>(groupPath(groupId));
}

/** GET /api/groups/{id}/members (members only; others get 403). */
export function getGroupMembers(groupId: string): Promise<GroupMember[]> {
  return apiGet<GroupMember[]>(`${groupPath(groupId)}/members`);
}

/** GET /api/groups/{id}/rides (members). A 404 for a group we just loaded means no rides yet. */
export async function getGroupRides(groupId: string): Promise<Ride[]> {
  const rides = await orWhenStatus(404, [], () => apiGet<Ride[]>(`${groupPath(groupId)}/rides`));
  return Array.isArray(rides) ? rides : [];
}

/** GET /api/groups/{id}/membership-requests (owner only). Spec 2 section 6: a 403 is an empty list, with no message. */
export function getMembershipRequests(groupId: string): Promise<MembershipRequest[]> {
  return orWhenStatus(403, [], () => apiGet<MembershipRequest[]>(`${groupPath(groupId)}/membership-requests`));
}

/** GET /api/membership-requests/pending: ids of the groups the rider asked to join. */
export function getPendingMemberships(): Promise<string[]> {
  return apiGet<string[]>('/api/membership-requests/pending');
}

/** GET /api/groups/search?q={term} */
export function searchGroups(term: string): Promise<Group[]> {
  return apiGet<Group[]>(`/api/groups/search?q=${encodeURIComponent(term)}`);
}

/** POST /api/groups -> 201 Group; 409 when a group with the same URL name exists. */
export function createGroup(payload: CreateGroupPayload): Promise<Group> {
  return apiRequest<Group>('/api/groups', { method: 'POST', body: payload });
}

/** PATCH /api/groups/{id} (owner): the Manage dialog's settings, or the Edit Group dialog's name, description and location. */
export function updateGroup({ groupId, settings }: { groupId: string; settings: GroupSettings | UpdateGroupInput }): Promise<Group> {
  return apiRequest<Group>(groupPath(groupId), { method: 'PATCH', body: settings });
}

export interface MemberAction {
  groupId: string;
  memberId: string;
}

const memberPath = ({ groupId, memberId }: MemberAction) => `${groupPath(groupId)}/members/${encodeURIComponent(memberId)}`;

/** PUT /api/groups/{id}/members/{memberId}/role (owner): makes a member a co-organizer, or a plain member again. */
export function changeMemberRole({ role, ...member }: MemberAction & { role: GroupRole }): Promise<GroupMember> {
  return apiRequest<GroupMember>(`${memberPath(member)}/role`, { method: 'PUT', body: { role } });
}

/**
 * DELETE /api/groups/{id}/members/{memberId} (owner; co-organizers remove plain members). `ban`:
 * "Don't let them rejoin", until an organizer lifts it.
 */
export function removeMember({ ban = false, ...member }: MemberAction & { ban?: boolean }): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(memberPath(member), { method: 'DELETE', ...(ban ? { body: { ban: true } } : {}) });
}

/** GET /api/groups/{id}/bans (organizers): the riders kept out (removed or declined with a ban, or banned after leaving). */
export function getGroupBans(groupId: string): Promise<GroupBan[]> {
  return apiGet<GroupBan[]>(`${groupPath(groupId)}/bans`);
}

/**
 * PUT /api/groups/{id}/bans/{userId} (organizers): keeps out a rider who is not in the group (one
 * who left first). Idempotent; an insider is removed with a ban instead (409), the owner never (403).
 */
export function banRider({ groupId, userId }: { groupId: string; userId: string }): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`${groupPath(groupId)}/bans/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

/** DELETE /api/groups/{id}/bans/{userId} (organizers): "Let them back". */
export function liftBan({ groupId, userId }: { groupId: string; userId: string }): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`${groupPath(groupId)}/bans/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

/** POST /api/groups/{id}/ownership (owner): hands the group to the member; the caller stays on as a co-organizer. */
export function transferOwnership({ groupId, memberId }: MemberAction): Promise<Group> {
  return apiRequest<Group>(`${groupPath(groupId)}/ownership`, { method: 'POST', body: { memberId } });
}

/** DELETE /api/groups/{id} (owner): the group with its rides, polls, invitations and requests. */
export function deleteGroup(groupId: string): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(groupPath(groupId), { method: 'DELETE' });
}

/** POST /api/groups/{id}/join. The server joins the caller; no body is needed. */
export function joinGroup(groupId: string): Promise<JoinGroupResult> {
  return apiRequest<JoinGroupResult>(`${groupPath(groupId)}/join`, { method: 'POST' });
}

/** POST /api/groups/{id}/leave (members; the owner cannot leave). */
export function leaveGroup(groupId: string): Promise<{ success: true; message: string }> {
  return apiRequest<{ success: true; message: string }>(`${groupPath(groupId)}/leave`, { method: 'POST' });
}

/** POST /api/groups/{id}/membership-requests/{requestId}/approve or /reject (organizers); `ban` with a decline keeps the rider from asking again. */
export function decideMembershipRequest({ groupId, requestId, ban = false }: MembershipDecision, decision: 'approve' | 'reject'): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(`${groupPath(groupId)}/membership-requests/${encodeURIComponent(requestId)}/${decision}`, {
    method: 'POST',
    ...(ban ? { body: { ban: true } } : {}),
  });
}

/** The rider's groups: shared by the shell (only the count matters for the unsaved-access rule) and My Groups. */
export function myGroupsQueryOptions() {
  return queryOptions({
    queryKey: groupsKeys.mine(),
    queryFn: getMyGroups,
    staleTime: 30_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function groupByNameQueryOptions(name: string) {
  return queryOptions({ queryKey: groupsKeys.byName(name), queryFn: () => getGroupByName(name) });
}

export function groupMembersQueryOptions(groupId: string) {
  return queryOptions({ queryKey: groupsKeys.members(groupId), queryFn: () => getGroupMembers(groupId) });
}

export function groupRidesQueryOptions(groupId: string) {
  return queryOptions({ queryKey: groupsKeys.rides(groupId), queryFn: () => getGroupRides(groupId) });
}

export function membershipRequestsQueryOptions(groupId: string) {
  return queryOptions({ queryKey: groupsKeys.membershipRequests(groupId), queryFn: () => getMembershipRequests(groupId) });
}

export function pendingMembershipsQueryOptions() {
  return queryOptions({ queryKey: groupsKeys.pendingMemberships(), queryFn: getPendingMemberships, refetchInterval: PENDING_MEMBERSHIPS_POLL_MS });
}

export function searchGroupsQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: groupsKeys.search(q),
    queryFn: () => searchGroups(q),
    // Spec 2 section 7: an empty term is ignored (no request).
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyGroups({ hasPendingRequests = false }: { hasPendingRequests?: boolean } = {}) {
  return useQuery({ ...myGroupsQueryOptions(), refetchInterval: hasPendingRequests ? PENDING_GROUPS_REFETCH_MS : false });
}

/** Only fetched when the rider has an id. */
export function useMyGroupCount(enabled: boolean): number {
  const { data } = useQuery({ ...myGroupsQueryOptions(), enabled });
  return data?.length ?? 0;
}

export function useGroupByName(name: string) {
  return useQuery(groupByNameQueryOptions(name));
}

export function useGroup(groupId: string | null, enabled: boolean) {
  return useQuery({ queryKey: groupsKeys.byId(groupId ?? ''), queryFn: () => getGroup(groupId ?? ''), enabled: enabled && Boolean(groupId) });
}

export function useGroupMembers(groupId: string, enabled = true) {
  return useQuery({ ...groupMembersQueryOptions(groupId), enabled });
}

export function useGroupBans(groupId: string, enabled = true) {
  return useQuery({ queryKey: groupsKeys.bans(groupId), queryFn: () => getGroupBans(groupId), enabled });
}

export function useGroupRides(groupId: string, enabled = true) {
  return useQuery({ ...groupRidesQueryOptions(groupId), enabled });
}

export function useMembershipRequests(groupId: string, enabled = true) {
  return useQuery({ ...membershipRequestsQueryOptions(groupId), enabled });
}

export function usePendingMemberships(enabled = true) {
  return useQuery({ ...pendingMembershipsQueryOptions(), enabled });
}

export function useSearchGroups(term: string) {
  return useQuery(searchGroupsQueryOptions(term));
}


export const useCreateGroup = () => useRefreshingMutation(createGroup, invalidateGroups);
export const useUpdateGroup = () => useRefreshingMutation(updateGroup, invalidateGroups);
export const useChangeMemberRole = () => useRefreshingMutation(changeMemberRole, invalidateGroups);
export const useTransferOwnership = () => useRefreshingMutation(transferOwnership, invalidateGroups);
export const useApproveMembershipRequest = () => useRefreshingMutation((decision: MembershipDecision) => decideMembershipRequest(decision, 'approve'), invalidateGroups);
export const useRejectMembershipRequest = () => useRefreshingMutation((decision: MembershipDecision) => decideMembershipRequest(decision, 'reject'), invalidateGroups);

/** A change of membership that changes rides too: the ride lists refresh with the groups. */
const invalidateGroupsAndRides = (queryClient: QueryClient) => Promise.all([invalidateGroups(queryClient), invalidateRideLists(queryClient)]);

/**
 * Leaving drops the rider's places on the group's rides: the ride lists refresh, and the upcoming
 * list is read again even where no page shows it, since its answer is what deletes the group's rides
 * saved for offline from this phone (app/connection-status.tsx; issue 32 point 3).
 */
export const useLeaveGroup = () =>
  useRefreshingMutation(leaveGroup, (queryClient) => Promise.all([invalidateGroupsAndRides(queryClient), queryClient.fetchQuery({ ...upcomingRidesQueryOptions(), staleTime: 0 }).catch(() => undefined)]));

/** A removed rider leaves the group's upcoming rides. */
export const useRemoveMember = () => useRefreshingMutation(removeMember, invalidateGroupsAndRides);

/** A lifted ban refreshes the group's lists (the riders kept out among them). */
export const useLiftBan = () => useRefreshingMutation(liftBan, invalidateGroups);

/** Joining refreshes the groups (with finder results and the pending list) and the rides the rider may now join. */
export const useJoinGroup = () => useRefreshingMutation(joinGroup, invalidateGroupsAndRides);

/**
 * The deleted group's own queries (its page, members, polls...) are only marked stale: refetching
 * them now would flash "Group not found" on the page being left. The lists refetch as usual. The
 * invalidation is not awaited, so the caller can leave the group's page at once.
 */
export const useDeleteGroup = () =>
  useRefreshingMutation(deleteGroup, (queryClient, groupId) => {
    const concernsDeleted = (query: Query) => query.queryKey[1] === groupId || (query.state.data as { id?: string } | null | undefined)?.id === groupId;
    void queryClient.invalidateQueries({ queryKey: groupsKeys.all, predicate: concernsDeleted, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: groupsKeys.all, predicate: (query) => !concernsDeleted(query) });
    void queryClient.invalidateQueries({ queryKey: groupsKeys.pendingMemberships() });
  });
