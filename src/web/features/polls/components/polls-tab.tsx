import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Plus, Vote } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '../../../../shared/groups/group';
import type { Poll } from '../../../../shared/polls/poll';
import { CreateRideDialog, type RideFromPoll } from '../../../components/rides/create-ride-dialog';
import { Button } from '../../../components/ui/button';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { TabError, TabMessage } from '../../../components/ui/list-states';
import { useGroupPolls } from '../../../api/polls';
import { PollCard } from './poll-card';
import { lazyPart } from '../../../components/lazy-part';

// The calendar (react-day-picker) loads only when a rider opens the form.
const CreatePollDialog = lazyPart(() => import('./create-poll-dialog'));

/** "Plan this ride" starts on the best date, else the first proposed one. */
function rideFromPoll(poll: Poll): RideFromPoll {
  const day = poll.bestDate ?? poll.proposedDates[0]?.slice(0, 10) ?? '';
  return { id: poll.id, title: poll.title, description: poll.description, destination: poll.destination, day, durationDays: poll.durationDays };
}

/** A link to a poll (`#poll-{id}`, as the ride planned from it gives) brings that poll into view once the polls are there. */
function useScrollToLinkedPoll(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash.startsWith('#poll-')) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'center' });
    target?.closest('article')?.focus({ preventScroll: true });
  }, [ready, hash]);
}

/** The group's Polls tab: Create Poll for members, then the polls, newest first. */
export function PollsTab({ group }: { group: Pick<Group, 'id' | 'name' | 'abilities' | 'timezoneOffset' | 'timezoneName' | 'timezone' | 'latitude' | 'longitude'> }) {
  const { t } = useLingui();
  const polls = useGroupPolls(group.id);
  const [creating, setCreating] = useState(false);
  const [planning, setPlanning] = useState<RideFromPoll | null>(null);
  const canCreate = group.abilities.createPoll;
  useScrollToLinkedPoll(polls.isSuccess);

  const createButton = canCreate ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      <Trans>Create Poll</Trans>
    </Button>
  ) : null;

  return (
    <div>
      {canCreate && polls.data && polls.data.length > 0 ? <div className="mb-4 flex justify-end">{createButton}</div> : null}

      {polls.isPending ? (
        <LoadingRegion label={t`Loading polls`} className="space-y-3">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-2xl border border-asphalt-200/80 bg-white p-5">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="mt-3 h-4 w-2/3" />
              <SkeletonLines className="mt-4 flex gap-2" lines={['h-8 w-24 rounded-full', 'h-8 w-24 rounded-full']} />
            </div>
          ))}
        </LoadingRegion>
      ) : polls.isLoadingError ? (
        <TabError what="polls" hint={false} onRetry={() => void polls.refetch()} />
      ) : polls.data.length === 0 ? (
        <TabMessage icon={<Vote aria-hidden="true" />} title={t`No polls yet`} action={createButton}>
          <Trans>Propose dates for a ride and let the group vote on them.</Trans>
        </TabMessage>
      ) : (
        <ul aria-label={t`Polls`} className="space-y-3">
          {polls.data.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} onPlanRide={group.abilities.createRide ? (p) => setPlanning(rideFromPoll(p)) : undefined} />
            </li>
          ))}
        </ul>
      )}

      {planning ? (
        <CreateRideDialog
          open
          onOpenChange={(open) => (open ? undefined : setPlanning(null))}
          fixedGroup={{ id: group.id, name: group.name, timezoneOffset: group.timezoneOffset, timezoneName: group.timezoneName, timezone: group.timezone, latitude: group.latitude, longitude: group.longitude }}
          fromPoll={planning}
        />
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreatePollDialog groupId={group.id} groupName={group.name} open onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </div>
  );
}
