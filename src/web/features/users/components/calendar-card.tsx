import { useId, useState } from 'react';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const id = useId();
  const feed = useCalendarFeed(userId);
  const update = useUpdateCalendarFeed(userId);
  const [confirmReset, setConfirmReset] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t`Calendar address copied`, variant: 'success' });
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the address is selected to copy by hand.
      (document.getElementById(`${id}-url`) as HTMLInputElement | null)?.select();
      toast({ title: t`Copy the selected address`, description: t`Your browser did not allow copying.` });
    }
  }

  function reset() {
    update.mutate(
      { reset: true },
      {
        onSuccess: () => {
          setConfirmReset(false);
          toast({ title: t`Calendar address reset`, description: t`Subscribe again with the new address.`, variant: 'success' });
        },
        onError: () => toast({ title: t`Reset failed`, description: t`Please try again.`, variant: 'destructive' }),
      },
    );
  }

  function chooseScope(allGroupRides: boolean) {
    update.mutate(
      { scope: allGroupRides ? 'groups' : 'joined' },
      { onError: () => toast({ title: t`Update failed`, description: t`Please try again.`, variant: 'destructive' }) },
    );
  }

  return (
    <Card aria-labelledby="calendar-feed-title">
      <CardHeader titleId="calendar-feed-title" icon={<CalendarDays />} title={t`Calendar`} description={t`Your rides in your phone's calendar, updated when a ride changes or is cancelled.`} />
      <CardBody className="space-y-4">
        {!feed.isSuccess ? (
          <QueryStatus query={feed} loading={t`Loading your calendar address...`} failed={t`Your calendar address could not be loaded.`} />
        ) : (
          <>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-url`} className="block text-sm font-bold text-asphalt-900">
                <Trans>Your private calendar address</Trans>
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
                <Trans>Anyone with this address can see your rides. Reset it if it was shared by mistake.</Trans>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy(feed.data.url)}>
                <Copy aria-hidden="true" />
                <Trans>Copy address</Trans>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirmReset(true)}>
                <RefreshCw aria-hidden="true" />
                <Trans>Reset address</Trans>
              </Button>
            </div>
            <div className="flex items-center gap-4 rounded-xl py-1">
              <label htmlFor={`${id}-scope`} className="min-w-0 flex-1 cursor-pointer">
                <span id={`${id}-scope-label`} className="block text-sm font-bold text-asphalt-900">
                  <Trans>All rides of my groups</Trans>
                </span>
                <span id={`${id}-scope-description`} className="block text-xs text-asphalt-500">
                  <Trans>Off: only the rides you joined.</Trans>
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
              <h3 className="text-sm font-bold text-asphalt-900">
                <Trans>How to subscribe</Trans>
              </h3>
              <ul className="mt-1 list-disc space-y-1 ps-5 text-xs text-asphalt-600">
                <li>
                  <Trans>
                    <strong>iPhone:</strong> Settings &gt; Calendar &gt; Accounts &gt; Add Account &gt; Other &gt; Add Subscribed Calendar, then paste the
                    address.
                  </Trans>
                </li>
                <li>
                  <Trans>
                    <strong>Google Calendar (Android):</strong> on the web, Other calendars &gt; + &gt; From URL, then paste the address.
                  </Trans>
                </li>
                <li>
                  <Trans>
                    <strong>Outlook and others:</strong> add a calendar from the internet (subscribe by URL).
                  </Trans>
                </li>
              </ul>
            </div>
          </>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t`Reset your calendar address?`}
        description={t`Calendars subscribed to the current address stop updating. You will need to subscribe again with the new one.`}
        confirmLabel={t`Reset address`}
        pendingLabel={t`Resetting...`}
        pending={update.isPending}
        onConfirm={reset}
      />
    </Card>
  );
}
