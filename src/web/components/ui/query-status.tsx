import type { UseQueryResult } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Button } from './button';

/**
 * What a card shows until its query has data (the Preferences cards): a quiet line while it loads,
 * or its failure said in red with Try again. Used as `query.isSuccess ? data... : <QueryStatus />`.
 */
export function QueryStatus({ query, loading, failed }: { query: Pick<UseQueryResult, 'isPending' | 'refetch'>; loading: string; failed: string }) {
  if (query.isPending) return <p className="text-sm text-asphalt-500">{loading}</p>;
  return (
    <div className="space-y-2" role="alert">
      <p className="text-sm text-red-700">{failed}</p>
      <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}
