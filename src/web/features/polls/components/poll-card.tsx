import { formatDateTime } from '../../../lib/format-date';
import { useState } from 'react';
import { CalendarClock, Check, MapPin, ThumbsDown, ThumbsUp, Timer } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Poll } from '../../../../shared/polls/poll';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useRespondToPoll } from '../../../api/polls';
import { formatDayShort } from './poll-dates';
import { PollResults } from './poll-results';
import { PollActions } from './poll-actions';
import { Fact } from '../../../components/ui/fact';

function statusOf(poll: Poll): { label: MessageDescriptor; variant: 'success' | 'neutral' | 'danger' } {
  if (poll.isExpired) return { label: msg`Expired`, variant: 'neutral' };
  if (!poll.isActive) return { label: msg`Closed`, variant: 'neutral' };
  return { label: msg`Open`, variant: 'success' };
}

/**
 * One poll: its details, the proposed dates and the counts; while the rider may vote, 'Interested'
 * (with preferred dates picked from the proposed ones) and 'Not Available' (spec 2 sections 2 and 4).
 * Otherwise the results per date; then Close poll and Plan this ride as the rider may.
 */
export function PollCard({ poll, onPlanRide }: { poll: Poll; onPlanRide?: (poll: Poll) => void }) {
  const { t, i18n } = useLingui();
  const respond = useRespondToPoll();
  const [preferred, setPreferred] = useState<string[]>([]);
  const status = statusOf(poll);
  const canVote = poll.abilities.respond;
  const titleId = `poll-${poll.id}`;
  const deadline = formatDateTime(poll.deadline);
  const { yesCount, noCount, responseCount } = poll;

  function toggle(day: string) {
    setPreferred((current) => (current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort()));
  }

  function vote(response: 'yes' | 'no') {
    respond.mutate(
      { pollId: poll.id, response, preferredDates: response === 'yes' ? preferred.map((day) => `${day}T00:00:00.000Z`) : undefined },
      {
        onSuccess: () =>
          toast({
            title: t`Response recorded`,
            description: response === 'yes' ? t`You're interested in this ride.` : t`You've marked yourself as not available.`,
            variant: 'success',
          }),
        onError: (error) => {
          console.error('Failed to respond', error);
          toast({ title: t`Failed to respond`, description: errorMessageOf(error), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <article aria-labelledby={titleId} tabIndex={-1} className="scroll-mt-24 outline-none focus-visible:ring-2 focus-visible:ring-ignition-500 rounded-2xl border border-asphalt-200/80 bg-white p-4 shadow-sm shadow-asphalt-900/[0.03] sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-base leading-6 font-extrabold tracking-tight break-words text-asphalt-950">
          {poll.title}
        </h3>
        <Badge variant={status.variant} className="shrink-0">
          {i18n._(status.label)}
        </Badge>
      </div>
      {poll.description ? <p className="mt-1.5 text-sm leading-6 whitespace-pre-line text-asphalt-700">{poll.description}</p> : null}

      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-asphalt-600">
        <Fact term={t`Destination`} icon={MapPin} className="flex min-w-0 items-center gap-1.5" iconClassName="size-4 shrink-0 text-asphalt-400" valueClassName="text-asphalt-800">{poll.destination}</Fact>
        <Fact term={t`Duration`} icon={Timer} className="flex items-center gap-1.5" iconClassName="size-4 text-asphalt-400">
          <Plural value={poll.durationDays} one="# day" other="# days" />
        </Fact>
        <Fact term={t`Deadline`} icon={CalendarClock} className="flex items-center gap-1.5" iconClassName="size-4 text-asphalt-400">
          {!poll.isActive ? (
            <Trans>Voting closed</Trans>
          ) : poll.isExpired ? (
            <Trans>
              Voting closed <time dateTime={poll.deadline}>{deadline}</time>
            </Trans>
          ) : (
            <Trans>
              Vote by <time dateTime={poll.deadline}>{deadline}</time>
            </Trans>
          )}
        </Fact>
      </dl>

      <div className="mt-4">
        <p id={`${titleId}-dates`} className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
          {canVote ? t`Proposed dates: pick the ones that work for you` : t`Results by date`}
        </p>
        {canVote ? (
          <ul aria-labelledby={`${titleId}-dates`} className="mt-2 flex flex-wrap gap-2">
            {poll.proposedDates.map((iso) => {
              const day = iso.slice(0, 10);
              const on = preferred.includes(day);
              return (
                <li key={day}>
                  <button
                    type="button"
                    aria-pressed={on}
                    // The name starts with what the chip shows (WCAG 2.5.3) and adds the year for screen readers.
                    aria-label={`${formatDayShort(day)}, ${day.slice(0, 4)}`}
                    onClick={() => toggle(day)}
                    disabled={respond.isPending}
                    className={cn(
                      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold transition-colors',
                      on
                        ? 'border-ignition-500 bg-ignition-500 text-asphalt-950'
                        : 'border-asphalt-200 bg-white text-asphalt-700 hover:border-asphalt-300 hover:bg-asphalt-50',
                    )}
                  >
                    {on ? <Check className="size-3.5" strokeWidth={3} aria-hidden="true" /> : null}
                    {formatDayShort(day)}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <PollResults poll={poll} labelId={`${titleId}-dates`} />
        )}
      </div>
      {canVote && poll.yesCount > 0 ? (
        <div className="mt-4">
          <p id={`${titleId}-results`} className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
            <Trans>Results so far</Trans>
          </p>
          <PollResults poll={poll} labelId={`${titleId}-results`} />
        </div>
      ) : null}

      <div className="mt-4 flex flex-col gap-3 border-t border-asphalt-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div role="group" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-asphalt-600" aria-label={t`Responses`}>
          <span>
            <Trans>
              <strong className="font-bold text-emerald-700 tabular-nums">{yesCount}</strong> interested
            </Trans>
          </span>
          <span>
            <Trans>
              <strong className="font-bold text-asphalt-900 tabular-nums">{noCount}</strong> not available
            </Trans>
          </span>
          <span>
            <Trans>
              <strong className="font-bold text-asphalt-900 tabular-nums">{responseCount}</strong> <Plural value={responseCount} one="response" other="responses" />
            </Trans>
          </span>
        </div>

        {canVote ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" className="flex-1 sm:flex-none" onClick={() => vote('yes')} disabled={respond.isPending}>
              <ThumbsUp aria-hidden="true" />
              <Trans>Interested</Trans>
            </Button>
            <Button size="sm" variant="secondary" className="flex-1 sm:flex-none" onClick={() => vote('no')} disabled={respond.isPending}>
              <ThumbsDown aria-hidden="true" />
              <Trans>Not Available</Trans>
            </Button>
          </div>
        ) : poll.userResponse ? (
          <p
            className={cn(
              'inline-flex items-center gap-1.5 self-start rounded-full px-3 py-1 text-sm font-semibold sm:self-auto',
              poll.userResponse === 'yes' ? 'bg-emerald-100 text-emerald-800' : 'bg-asphalt-100 text-asphalt-700',
            )}
          >
            {poll.userResponse === 'yes' ? <ThumbsUp className="size-4" aria-hidden="true" /> : <ThumbsDown className="size-4" aria-hidden="true" />}
            {poll.userResponse === 'yes' ? t`You're interested` : t`You're not available`}
          </p>
        ) : null}
      </div>
      <PollActions poll={poll} onPlanRide={onPlanRide} />
    </article>
  );
}
