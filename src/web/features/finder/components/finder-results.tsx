import { useEffect, useRef, type ReactNode } from 'react';
import { Expand, SearchX } from 'lucide-react';
import { TabsContent } from '../../../components/ui/tabs';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PreferredUnits } from '../../../../shared/users/current-user';
import { FINDER_MOST_RESULTS, finderCountLabel } from '../../../../shared/finder/finder-pages';
import { BigMessage } from '../../../components/ui/big-message';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { foundSoFar } from '../../../api/finder';
import { radiusLabel } from './finder-radius';

/** The finder's infinite query: its pages so far, and how to ask for the next. */
interface FinderQuery<T> {
  isPending: boolean;
  isLoadingError: boolean;
  data?: { pages: Array<{ results: T[]; total: number }> };
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
}

type What = 'groups' | 'rides';

interface ResultsProps<T> {
  query: FinderQuery<T>;
  what: What;
  itemClassName?: string;
  radius: number;
  units: PreferredUnits;
  onExpand?: () => void;
  renderItem: (item: T) => ReactNode;
}

/** The tab panel of the groups or of the rides found (its tab's value is `what`). */
export function FinderResultsTab<T extends { id: string }>(props: ResultsProps<T>) {
  return (
    <TabsContent value={props.what}>
      <FinderResults {...props} />
    </TabsContent>
  );
}

/** One tab of results: loading, failed, nothing within the radius, or the list with its footer. */
function FinderResults<T extends { id: string }>({ query, what, itemClassName, radius, units, onExpand, renderItem }: ResultsProps<T>) {
  const { t, i18n } = useLingui();
  const { results, total } = foundSoFar(query.data);
  const { list, focusNextFrom } = useFocusFirstNewItem(results.length);

  if (query.isPending) return <ResultsLoading what={what} />;
  if (query.isLoadingError || !query.data) return <ResultsFailed onRetry={() => void query.refetch()} />;
  if (results.length === 0) {
    const within = radiusLabel(radius, units);
    return (
      <BigMessage icon={<SearchX aria-hidden="true" />} title={what === 'groups' ? t`No groups within ${within}` : t`No rides within ${within}`} text={t`Try a wider radius or another place.`}>
        {onExpand ? <ExpandButton onExpand={onExpand} /> : null}
      </BigMessage>
    );
  }
  const soFar = shownSoFar(query, what, results.length, total);
  function showMore() {
    focusNextFrom(results.length);
    void query.fetchNextPage();
  }
  return (
    <>
      <ul ref={list} aria-label={what === 'groups' ? t`Groups found` : t`Rides found`} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {results.map((item) => (
          <li key={item.id} tabIndex={-1} className={cn('rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ignition-600', itemClassName)}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col items-center gap-3">
        <p role="status" className="text-sm text-asphalt-600 tabular-nums">
          {soFar ? i18n._(soFar) : null}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {query.hasNextPage ? (
            <Button variant="dark" onClick={showMore} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? t`Loading...` : query.isFetchNextPageError ? t`Try again` : what === 'groups' ? t`Show more groups` : t`Show more rides`}
            </Button>
          ) : null}
          {onExpand ? <ExpandButton onExpand={onExpand} /> : null}
        </div>
      </div>
    </>
  );
}

/**
 * After "Show more", the first newly shown card takes the focus: a keyboard or screen reader user
 * goes on reading where the list grew, and the button may be gone once the last page is in.
 * `focusNextFrom(shown)` before asking for more.
 */
function useFocusFirstNewItem(shown: number) {
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || shown <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLLIElement>(':scope > li')[from]?.focus();
  }, [shown]);
  const focusNextFrom = (index: number) => {
    focusFrom.current = index;
  };
  return { list, focusNextFrom };
}

/** Said once there is more than the first page holds: how far down the list the rider is. */
function shownSoFar<T>(query: FinderQuery<T>, what: What, shown: number, total: number): MessageDescriptor | null {
  if (query.isFetchNextPageError) {
    return what === 'groups' ? msg`Could not load more groups. Check your connection and try again.` : msg`Could not load more rides. Check your connection and try again.`;
  }
  if (shown >= total && (query.data?.pages.length ?? 0) <= 1) return null;
  if (total >= FINDER_MOST_RESULTS) {
    const most = finderCountLabel(total);
    return what === 'groups' ? msg`Showing ${shown} of ${most} groups` : msg`Showing ${shown} of ${most} rides`;
  }
  return what === 'groups'
    ? msg`Showing ${shown} of ${plural(total, { one: '# group', other: '# groups' })}`
    : msg`Showing ${shown} of ${plural(total, { one: '# ride', other: '# rides' })}`;
}

function ResultsLoading({ what }: { what: What }) {
  const { t } = useLingui();
  return (
    <LoadingRegion label={what === 'groups' ? t`Searching groups` : t`Searching rides`} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <Skeleton className="h-48 rounded-2xl" />
      <Skeleton className="hidden h-48 rounded-2xl sm:block" />
    </LoadingRegion>
  );
}

function ResultsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <BigMessage icon={<SearchX aria-hidden="true" />} title={t`The search failed`} text={t`Check your connection and try again.`}>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </BigMessage>
  );
}

/** "Expand Search": 50 km more (offered until the radius is at its largest). */
function ExpandButton({ onExpand }: { onExpand: () => void }) {
  return (
    <Button variant="secondary" onClick={onExpand}>
      <Expand aria-hidden="true" />
      <Trans>Expand Search</Trans>
    </Button>
  );
}
