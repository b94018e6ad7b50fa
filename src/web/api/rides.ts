import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createRideSchema, Ride, RideComment, RideCommentsPage, UpdateRidePayload } from '../../shared/rides/ride';
import type { RideExportFormat } from '../../shared/rides/ride-export';
import { rideCalendarUrl, rideExportUrl } from '../../shared/rides/ride-file-urls';
import type { Series } from '../../shared/series/series-rule';
import type { seriesEditSchema } from '../../shared/series/series-edit';
import { ApiError, apiGet, apiRequest } from '../lib/api-client';
import { invalidateRideLists, ridesKeys } from './query-keys';
import { useRefreshingMutation } from './refreshing-mutation';

export { invalidateRideLists, ridesKeys };

/** What the create dialog sends (spec 2 section 3, "Create-ride payload"); startTime is not part of it. */
export type CreateRidePayload = z.input<typeof createRideSchema>;

const ridePath = (rideId: string) => `/api/rides/${encodeURIComponent(rideId)}`;

/** A bodiless action at `{path}/{action}`: POST, or DELETE to undo one; answers the updated ride or series. */
function act<T>(path: string, action: string, method: 'POST' | 'DELETE' = 'POST'): Promise<T> {
  return apiRequest<T>(`${path}/${action}`, { method });
}

/** A ride read whose 404 (gone, or never there) is null, so the page can say "Ride not found". */
async function rideOrNull(url: string): Promise<Ride | null> {
  try {
    return await apiGet<Ride>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/rides/{id}: a ride by id (rides without a group live at /rides/{id}). 404 gives null. */
export function getRide(rideId: string): Promise<Ride | null> {
  return rideOrNull(ridePath(rideId));
}

/** GET /api/groups/{group}/rides/{ride}: a ride by its group's and its own slug. 404 gives null. */
export function getRideBySlugs(groupSlug: string, rideSlug: string): Promise<Ride | null> {
  return rideOrNull(`/api/groups/${encodeURIComponent(groupSlug)}/rides/${encodeURIComponent(rideSlug)}`);
}

/**
 * GET /api/rides/upcoming: rides starting from now in the rider's groups or joined by them,
 * soonest first. Shared by the dashboard and Upcoming Rides.
 */
export function getUpcomingRides(): Promise<Ride[]> {
  return apiGet<Ride[]>('/api/rides/upcoming');
}

/** POST /api/rides -> 201 Ride. The server records the activity event itself. */
export function createRide(payload: CreateRidePayload): Promise<Ride> {
  return apiRequest<Ride>('/api/rides', { method: 'POST', body: payload });
}

/**
 * PATCH /api/rides/{id} (owner only; others get 403 "You don't have permission to edit this ride"):
 * the edit form's fields, startDate and endDate as ISO, navigatorId null for none.
 */
export function updateRide({ rideId, changes }: { rideId: string; changes: UpdateRidePayload }): Promise<Ride> {
  return apiRequest<Ride>(ridePath(rideId), { method: 'PATCH', body: changes });
}

/** DELETE /api/rides/{id} (owner only): participants, comments and media go with it. */
export function deleteRide(rideId: string): Promise<{ success: boolean }> {
  return apiRequest<{ success: boolean }>(ridePath(rideId), { method: 'DELETE' });
}

/**
 * POST /api/rides/{id}/join (empty body) -> the updated Ride. An open group's membership is added
 * on the way; an approval group answers 403 "Join the group first".
 */
export const joinRide = (rideId: string) => act<Ride>(ridePath(rideId), 'join');

/** POST /api/rides/{id}/leave (empty body) -> the updated Ride. The owner cannot leave. */
export const leaveRide = (rideId: string) => act<Ride>(ridePath(rideId), 'leave');

/** POST /api/rides/{id}/waitlist (empty body) -> the Ride with the rider's place (`waitlist.position`). */
export const joinWaitlist = (rideId: string) => act<Ride>(ridePath(rideId), 'waitlist');

/** DELETE /api/rides/{id}/waitlist -> the Ride. */
export const leaveWaitlist = (rideId: string) => act<Ride>(ridePath(rideId), 'waitlist', 'DELETE');

/** POST /api/rides/{id}/keep -> the Ride: the owner keeps a ride below its minimum riders at its decision time. */
export const keepRide = (rideId: string) => act<Ride>(ridePath(rideId), 'keep');

/** GET /api/rides/{id}/comments: the newest page, or with `before` the page written before that comment. */
export function getRideComments(rideId: string, before?: string): Promise<RideCommentsPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiGet<RideCommentsPage>(`${ridePath(rideId)}/comments${query}`);
}

/** POST /api/rides/{id}/comments { content }: trimmed and non-empty (spec 2 section 5); answers the stored comment. */
export function addRideComment({ rideId, content }: { rideId: string; content: string }): Promise<RideComment> {
  return apiRequest<RideComment>(`${ridePath(rideId)}/comments`, { method: 'POST', body: { content: content.trim() } });
}

/** What "this and following" sends (PATCH /api/rides/{id}/following). */
export type SeriesEditPayload = z.input<typeof seriesEditSchema>;

const seriesPath = (seriesId: string) => `/api/series/${encodeURIComponent(seriesId)}`;

/** GET /api/series/{id}: a series ("Every Sunday"), its upcoming rides and whether the rider rides every one. */
export function getSeries(seriesId: string): Promise<Series> {
  return apiGet<Series>(seriesPath(seriesId));
}

/** POST /api/series/{id}/join: a seat (or the waitlist) on every upcoming ride of the series, and on each made later. */
export const joinSeries = (seriesId: string) => act<Series>(seriesPath(seriesId), 'join');

/** POST /api/series/{id}/leave: no seat on the rides made from now on (seats held stay). */
export const leaveSeries = (seriesId: string) => act<Series>(seriesPath(seriesId), 'leave');

/** POST /api/rides/{id}/skip: "Skip this date" (the ride is cancelled, its riders told). */
export const skipRide = (rideId: string) => act<Ride>(ridePath(rideId), 'skip');

/** POST /api/rides/{id}/end-series: no ride of the series after today (upcoming ones cancelled or removed). */
export const endSeries = (rideId: string) => act<Series>(ridePath(rideId), 'end-series');

/** PATCH /api/rides/{id}/following: "this and following" (the series is split at this ride). */
export function editFollowing({ rideId, changes }: { rideId: string; changes: SeriesEditPayload }): Promise<Ride> {
  return apiRequest<Ride>(`${ridePath(rideId)}/following`, { method: 'PATCH', body: changes });
}

export function seriesQueryOptions(seriesId: string) {
  return queryOptions({ queryKey: ridesKeys.series(seriesId), queryFn: () => getSeries(seriesId) });
}

export function useSeries(seriesId: string) {
  return useQuery(seriesQueryOptions(seriesId));
}

/**
 * GET /api/rides/{id}/export?format=gpx|itn|itn-compact and GET /api/rides/{id}/calendar.ics: files the
 * browser downloads itself (plain `<a download href>` links, so the file is saved the usual way
 * and nothing is read into the page).
 */
export function rideFileHref(rideId: string, format: RideExportFormat): string {
  return rideExportUrl(rideId, format);
}

export function rideCalendarHref(rideId: string): string {
  return rideCalendarUrl(rideId);
}

export function rideQueryOptions(rideId: string) {
  return queryOptions({ queryKey: ridesKeys.one(rideId), queryFn: () => getRide(rideId) });
}

export function rideBySlugsQueryOptions(groupSlug: string, rideSlug: string) {
  return queryOptions({ queryKey: ridesKeys.bySlugs(groupSlug, rideSlug), queryFn: () => getRideBySlugs(groupSlug, rideSlug) });
}

export function upcomingRidesQueryOptions() {
  return queryOptions({ queryKey: ridesKeys.upcoming(), queryFn: getUpcomingRides });
}

/** Pages newest first: the first page is the newest comments, each next one goes further back. */
export function rideCommentsQueryOptions(rideId: string) {
  return infiniteQueryOptions({
    queryKey: ridesKeys.comments(rideId),
    queryFn: ({ pageParam }) => getRideComments(rideId, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (page: RideCommentsPage) => (page.hasEarlier && page.comments[0] ? page.comments[0].id : undefined),
  });
}

export function useRide(rideId: string, enabled = true) {
  return useQuery({ ...rideQueryOptions(rideId), enabled: enabled && Boolean(rideId) });
}

export function useRideBySlugs(groupSlug: string, rideSlug: string, enabled = true) {
  return useQuery({ ...rideBySlugsQueryOptions(groupSlug, rideSlug), enabled: enabled && Boolean(groupSlug && rideSlug) });
}

export function useUpcomingRides() {
  return useQuery(upcomingRidesQueryOptions());
}

export function useRideComments(rideId: string) {
  return useInfiniteQuery(rideCommentsQueryOptions(rideId));
}

/** The loaded comments in the order they were written (oldest first). */
export function commentsInOrder(data: InfiniteData<RideCommentsPage, unknown>): RideComment[] {
  return [...data.pages].reverse().flatMap((page) => page.comments);
}

/** The loaded pages with `comment` added at the newest end (once), as posting it answered. */
export function withNewComment(data: InfiniteData<RideCommentsPage, unknown> | undefined, comment: RideComment): InfiniteData<RideCommentsPage, unknown> | undefined {
  const newest = data?.pages[0];
  if (!data || !newest || data.pages.some((page) => page.comments.some((c) => c.id === comment.id))) return data;
  return { ...data, pages: [{ ...newest, comments: [...newest.comments, comment] }, ...data.pages.slice(1)] };
}

/** Adds the answered comment to the loaded ones: reading every loaded page again would cost a request per page. */
export function useAddRideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRideComment,
    onSuccess: (comment, { rideId }) => queryClient.setQueryData(rideCommentsQueryOptions(rideId).queryKey, (data) => withNewComment(data, comment)),
  });
}

/* A change to a ride refreshes the ride lists, the groups (with their rides lists) and the dashboard (spec 2 section 7). */

export const useCreateRide = () => useRefreshingMutation(createRide, invalidateRideLists);
export const useUpdateRide = () => useRefreshingMutation(updateRide, invalidateRideLists);
export const useJoinRide = () => useRefreshingMutation(joinRide, invalidateRideLists);
export const useLeaveRide = () => useRefreshingMutation(leaveRide, invalidateRideLists);
export const useJoinWaitlist = () => useRefreshingMutation(joinWaitlist, invalidateRideLists);
export const useLeaveWaitlist = () => useRefreshingMutation(leaveWaitlist, invalidateRideLists);
export const useKeepRide = () => useRefreshingMutation(keepRide, invalidateRideLists);
export const useJoinSeries = () => useRefreshingMutation(joinSeries, invalidateRideLists);
export const useLeaveSeries = () => useRefreshingMutation(leaveSeries, invalidateRideLists);
export const useSkipRide = () => useRefreshingMutation(skipRide, invalidateRideLists);
export const useEndSeries = () => useRefreshingMutation(endSeries, invalidateRideLists);
export const useEditFollowing = () => useRefreshingMutation(editFollowing, invalidateRideLists);

export const useDeleteRide = () =>
  useRefreshingMutation(deleteRide, (queryClient, rideId) => {
    // The ride's own queries would only answer 404 now.
    queryClient.removeQueries({ queryKey: ridesKeys.one(rideId) });
    return invalidateRideLists(queryClient);
  });
