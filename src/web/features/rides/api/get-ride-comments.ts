import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { RideComment, RideCommentsPage } from '../../../../shared/rides/ride';
import { apiGet } from '../../../lib/api-client';

/** GET /api/rides/{id}/comments: the newest page, or with `before` the page written before that comment. */
export function getRideComments(rideId: string, before?: string): Promise<RideCommentsPage> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiGet<RideCommentsPage>(`/api/rides/${encodeURIComponent(rideId)}/comments${query}`);
}

/** Pages newest first: the first page is the newest comments, each next one goes further back. */
export function rideCommentsQueryOptions(rideId: string) {
  return infiniteQueryOptions({
    queryKey: ['rides', rideId, 'comments'] as const,
    queryFn: ({ pageParam }) => getRideComments(rideId, pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (page: RideCommentsPage) => (page.hasEarlier && page.comments[0] ? page.comments[0].id : undefined),
  });
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
