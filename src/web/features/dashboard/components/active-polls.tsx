import { CalendarClock, MapPin, ThumbsDown, ThumbsUp, Vote } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Poll } from '../../../../shared/polls/poll';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { InlineLoadError } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { useActivePolls, useRespondToPoll } from '../../../api/polls';
import { formatDate } from '../../../lib/format-date';

/** Active polls with Interested (yes) and Not Available (no) (spec 2 sections 2 and 10). */
export function ActivePolls() {
  const { t } = useLingui();
  const polls = useActivePolls();
  return (
    <Card aria-labelledby="dashboard-polls-title" className="h-full">
      <CardHeader titleId="dashboard-polls-title" title={t`Active Polls`} description={t`Help your groups pick the dates.`} icon={<Vote aria-hidden="true" />} />
      <CardBody>
        {polls.isPending ? (
          <SkeletonLines className="space-y-3" label={t`Loading polls`} lines={['h-24 rounded-xl', 'h-24 rounded-xl']} />
        ) : polls.isLoadingError ? (
          <InlineLoadError onRetry={() => void polls.refetch()}>
            <Trans>Polls could not be loaded.</Trans>
          </InlineLoadError>
        ) : polls.data.length === 0 ? (
          <p className="rounded-xl bg-asphalt-50 px-4 py-5 text-center text-sm text-asphalt-600">
            <Trans>No active polls right now.</Trans>
          </p>
        ) : (
          <ul aria-label={t`Active polls`} className="space-y-3">
            {polls.data.map((poll) => (
              <li key={poll.id}>
                <PollItem poll={poll} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function PollItem({ poll }: { poll: Poll }) {
  const { t } = useLingui();
  const respond = useRespondToPoll();
  const titleId = `dashboard-poll-${poll.id}`;
  const deadline = formatDate(poll.deadline);
  const { yesCount, noCount } = poll;

  function answer(response: 'yes' | 'no') {
    respond.mutate(
      { pollId: poll.id, response },
      {
        onError: (error) => {
          console.error('Failed to respond', error);
          toast({ title: t`Failed to respond`, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-asphalt-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-extrabold tracking-tight break-words text-asphalt-950">
            {poll.title}
          </h3>
          <p className="text-xs font-semibold text-asphalt-500">{poll.groupName}</p>
        </div>
        {poll.userResponse ? (
          <Badge variant={poll.userResponse === 'yes' ? 'success' : 'neutral'} className="shrink-0">
            {poll.userResponse === 'yes' ? t`Interested` : t`Not Available`}
          </Badge>
        ) : null}
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-asphalt-600">
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <MapPin className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
          <span className="truncate" title={poll.destination}>{poll.destination}</span>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <CalendarClock className="size-4 shrink-0 text-asphalt-400" aria-hidden="true" />
          <Trans>Vote by {deadline}</Trans>
        </span>
      </p>
      <p className="mt-1 text-xs text-asphalt-500 tabular-nums">
        <Trans>
          {yesCount} interested · {noCount} not available
        </Trans>
      </p>
      {poll.abilities.respond && !poll.userResponse ? (
        // Side by side while both fit, else one under the other: in two fixed columns, Polish
        // "Zainteresowany" with its icon ran past a half-card at 320 px.
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" className="flex-1" onClick={() => answer('yes')} disabled={respond.isPending}>
            <ThumbsUp aria-hidden="true" />
            <Trans>Interested</Trans>
          </Button>
          <Button size="sm" variant="secondary" className="flex-1" onClick={() => answer('no')} disabled={respond.isPending}>
            <ThumbsDown aria-hidden="true" />
            <Trans>Not Available</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
}
