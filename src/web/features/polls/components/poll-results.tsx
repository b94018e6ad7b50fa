import { Check, Star } from 'lucide-react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Poll, PollDateResult } from '../../../../shared/polls/poll';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatDay, formatDayShort } from './poll-dates';

/**
 * The poll's results: per proposed date how many riders are interested and who (the server sends
 * the names to group members only), the best date marked, the rider's own picks checked.
 */
export function PollResults({ poll, labelId }: { poll: Poll; labelId: string }) {
  const most = Math.max(1, ...poll.results.map((r) => r.interestedCount));
  const mine = (day: string) => poll.userResponse === 'yes' && (poll.userPreferredDates.length === 0 || poll.userPreferredDates.some((d) => d.slice(0, 10) === day));
  return (
    <ul aria-labelledby={labelId} className="mt-2 space-y-2">
      {poll.results.map((result) => (
        <ResultRow key={result.date} result={result} share={result.interestedCount / most} mine={mine(result.date)} />
      ))}
    </ul>
  );
}

function ResultRow({ result, share, mine }: { result: PollDateResult; share: number; mine: boolean }) {
  const { t } = useLingui();
  const day = formatDay(result.date);
  const label = result.best ? (mine ? t`${day}, your preferred date, best date` : t`${day}, best date`) : mine ? t`${day}, your preferred date` : day;
  const names = result.interested?.map((v) => v.userId) ?? [];
  return (
    <li
      aria-label={label}
      className={cn('rounded-xl border px-3 py-2.5', result.best ? 'border-emerald-300 bg-emerald-50/70' : 'border-asphalt-100 bg-asphalt-50/60')}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className={cn('inline-flex items-center gap-1 text-sm font-bold', mine ? 'text-ignition-800' : 'text-asphalt-900')}>
          {mine ? <Check className="size-3.5" strokeWidth={3} aria-hidden="true" /> : null}
          {formatDayShort(result.date)}
        </span>
        {result.best ? (
          <Badge variant="success" className="gap-1">
            <Star className="size-3" aria-hidden="true" />
            <Trans>Best date</Trans>
          </Badge>
        ) : null}
        <span className="ms-auto text-sm text-asphalt-700 tabular-nums">{result.interestedCount === 0 ? <Trans>Nobody yet</Trans> : <Plural value={result.interestedCount} one="# rider" other="# riders" />}</span>
      </div>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-asphalt-200/70" aria-hidden="true">
        <div className={cn('h-full rounded-full', result.best ? 'bg-emerald-500' : 'bg-ignition-400')} style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      {names.length > 0 ? (
        <p className="mt-1.5 text-xs leading-5 break-words text-asphalt-600">
          <span className="sr-only">
            <Trans>Interested:</Trans>{' '}
          </span>
          {names.join(', ')}
        </p>
      ) : null}
    </li>
  );
}
