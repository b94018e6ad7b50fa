import { useState } from 'react';
import { Lock, Route } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Poll } from '../../../../shared/polls/poll';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useClosePoll } from '../../../api/polls';

/**
 * What comes after the vote: the poll's creator or the group's owner closes it (after asking), and
 * once the vote is over any member plans the ride from it. Shown only as the server's abilities allow.
 */
export function PollActions({ poll, onPlanRide }: { poll: Poll; onPlanRide?: (poll: Poll) => void }) {
  const { t } = useLingui();
  const close = useClosePoll();
  const [confirming, setConfirming] = useState(false);
  const canPlan = poll.abilities.planRide && onPlanRide !== undefined;
  const pollTitle = poll.title;
  if (!poll.abilities.close && !canPlan) return null;

  function confirmClose() {
    close.mutate(poll.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t`Poll closed`, description: t`Riders can no longer vote.`, variant: 'success' });
      },
      onError: (error) => {
        console.error('Failed to close poll', error);
        setConfirming(false);
        toast({ title: t`Failed to close poll`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {canPlan ? (
        <Button size="sm" className="flex-1 sm:flex-none" onClick={() => onPlanRide(poll)}>
          <Route aria-hidden="true" />
          <Trans>Plan this ride</Trans>
        </Button>
      ) : null}
      {poll.abilities.close ? (
        <Button size="sm" variant="secondary" className="flex-1 sm:flex-none" onClick={() => setConfirming(true)}>
          <Lock aria-hidden="true" />
          <Trans>Close poll</Trans>
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Close this poll?`}
        description={t`Riders can no longer vote on “${pollTitle}”. You can then plan the ride from its results.`}
        confirmLabel={t`Close poll`}
        pendingLabel={t`Closing...`}
        cancelLabel={t`Keep open`}
        pending={close.isPending}
        onConfirm={confirmClose}
      />
    </div>
  );
}
