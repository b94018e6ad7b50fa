import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CloudOff, Plus, Vote } from 'lucide-react';
import type { Group } from '../../../../shared/groups/group';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGroupPolls } from '../api/get-group-polls';
import { PollCard } from './poll-card';

// The calendar (react-day-picker) loads only when a rider opens the form.
const CreatePollDialog = lazy(() => import('./create-poll-dialog'));

/** The group's Polls tab: Create Poll for members, then the polls, newest first. */
export function PollsTab({ group }: { group: Pick<Group, 'id' | 'name' | 'abilities'> }) {
  const polls = useGroupPolls(group.id);
  const [creating, setCreating] = useState(false);
  const canCreate = group.abilities.createPoll;

  const createButton = canCreate ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" />
      Create Poll
    </Button>
  ) : null;

  return (
    <div>
      {canCreate && polls.data && polls.data.length > 0 ? <div className="mb-4 flex justify-end">{createButton}</div> : null}

      {polls.isPending ? (
        <div role="status" aria-label="Loading polls" className="space-y-3">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-2xl border border-asphalt-200/80 bg-white p-5">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="mt-3 h-4 w-2/3" />
              <div className="mt-4 flex gap-2">
                <Skeleton className="h-8 w-24 rounded-full" />
                <Skeleton className="h-8 w-24 rounded-full" />
              </div>
            </div>
          ))}
        </div>
      ) : polls.isError ? (
        <Message icon={<CloudOff aria-hidden="true" />} title="Couldn't load polls">
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void polls.refetch()}>
            Try again
          </Button>
        </Message>
      ) : polls.data.length === 0 ? (
        <Message icon={<Vote aria-hidden="true" />} title="No polls yet">
          <p className="mt-1 max-w-sm text-sm text-asphalt-500">Propose dates for a ride and let the group vote on them.</p>
          {createButton ? <div className="mt-4">{createButton}</div> : null}
        </Message>
      ) : (
        <ul aria-label="Polls" className="space-y-3">
          {polls.data.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} />
            </li>
          ))}
        </ul>
      )}

      {creating ? (
        <Suspense fallback={null}>
          <CreatePollDialog groupId={group.id} groupName={group.name} open onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Message({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-asphalt-300 bg-white/60 px-6 py-10 text-center">
      <span className="text-asphalt-400 [&_svg]:size-8">{icon}</span>
      <p className="mt-3 text-sm font-bold text-asphalt-800">{title}</p>
      {children}
    </div>
  );
}
