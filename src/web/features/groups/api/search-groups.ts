import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '../../../../shared/groups/group';
import { apiGet } from '../../../lib/api-client';

/** GET /api/groups/search?q={term} */
export function searchGroups(term: string): Promise<Group[]> {
  return apiGet<Group[]>(`/api/groups/search?q=${encodeURIComponent(term)}`);
}

export function searchGroupsQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: ['groups', 'search', q] as const,
    queryFn: () => searchGroups(q),
    // Spec 2 section 7: an empty term is ignored (no request).
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSearchGroups(term: string) {
  return useQuery(searchGroupsQueryOptions(term));
}
