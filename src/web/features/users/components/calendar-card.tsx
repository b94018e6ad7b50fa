import { useId, useState } from 'react';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { QueryStatus } from '../../../components/ui/query-status';
import { useCalendarFeed, useUpdateCalendarFeed } from '../../../api/calendar';

/**
 * Preferences: the rider's private calendar feed. The address is the only key to it, so it is
 * shown with a warning, and Reset (asked first) replaces it: calendars subscribed to the old one
 * stop updating.
 */
export function CalendarCard({ userId }: { userId: string }) {
  const id = useId();
  const feed = useCalendarFeed(userId);
  const update = useUpdateCalendarFeed(userId);
  const [confirmReset, setConfirmReset] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Calendar address copied', variant: 'success' });
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the address is selected to copy by hand.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast({ title: 'Copy the selected address', description: 'Your browser did not allow copying.' });
    }
  }

  function reset() {
    update.mutate(
      { reset: true },
      {
        onSuccess: () => {
          setConfirmReset(false);
          toast({ title: 'Calendar address reset', description: 'Subscribe again with the new address.', variant: 'success' });
        },
        onError: () => toast({ title: 'Reset failed', description: 'Please try again.', variant: 'destructive' }),
      },
    );
  }

  function chooseScope(allGroupRides: boolean) {
    update.mutate(
      { scope: allGroupRides ? 'groups' : 'joined' },
      { onError: () => toast({ title: 'Update failed', description: 'Please try again.', variant: 'destructive' }) },
    );
  }

  return (
    <Card aria-labelledby="calendar-feed-title">
      <CardHeader titleId="calendar-feed-title" icon={<CalendarDays />} title="Calendar" description="Your rides in your phone's calendar, updated when a ride changes or is cancelled." />
      <CardBody className="space-y-4">
        {!feed.isSuccess ? (
          <QueryStatus query={feed} loading="Loading your calendar address..." failed="Your calendar address could not be loaded." />
        ) : (
          <>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-url`} className="block text-sm font-bold text-asphalt-900">
                Your private calendar address
              </label>
              <input
                id={`${id}-url`}
                readOnly
                value={feed.data.url}
                aria-describedby={`${id}-private`}
                onFocus={(event) => event.currentTarget.select()}
                className="block w-full min-w-0 rounded-xl border border-asphalt-200 bg-asphalt-50 px-3 py-2 font-mono text-xs text-asphalt-800"
              />
              <p id={`${id}-private`} className="text-xs text-asphalt-500">
                Anyone with this address can see your rides. Reset it if it was shared by mistake.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy(feed.data.url)}>
                <Copy aria-hidden="true" />
                Copy address
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirmReset(true)}>
                <RefreshCw aria-hidden="true" />
                Reset address
              </Button>
            </div>
            <div className="flex items-center gap-4 rounded-xl py-1">
              <label htmlFor={`${id}-scope`} className="min-w-0 flex-1 cursor-pointer">
                <span id={`${id}-scope-label`} className="block text-sm font-bold text-asphalt-900">
                  All rides of my groups
                </span>
                <span id={`${id}-scope-description`} className="block text-xs text-asphalt-500">
                  Off: only the rides you joined.
                </span>
              </label>
              <Switch
                id={`${id}-scope`}
                aria-labelledby={`${id}-scope-label`}
                aria-describedby={`${id}-scope-description`}
                checked={(update.isPending && update.variables.scope ? update.variables.scope : feed.data.scope) === 'groups'}
                onCheckedChange={chooseScope}
                disabled={update.isPending}
              />
            </div>
            <div>
              <h3 className="text-sm font-bold text-asphalt-900">How to subscribe</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-xs text-asphalt-600">
                <li>
                  <strong>iPhone:</strong> Settings &gt; Calendar &gt; Accounts &gt; Add Account &gt; Other &gt; Add Subscribed Calendar, then paste the address.
                </li>
                <li>
                  <strong>Google Calendar (Android):</strong> on the web, Other calendars &gt; + &gt; From URL, then paste the address.
                </li>
                <li>
                  <strong>Outlook and others:</strong> add a calendar from the internet (subscribe by URL).
                </li>
              </ul>
            </div>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset your calendar address?"
        description="Calendars subscribed to the current address stop updating. You will need to subscribe again with the new one."
        confirmLabel="Reset address"
        pendingLabel="Resetting..."
        pending={update.isPending}
        onConfirm={reset}
      />
    </Card>
  );
}
