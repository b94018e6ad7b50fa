import { useId } from 'react';
import { KeyRound, LogOut, Monitor, Send, Smartphone } from 'lucide-react';
import type { CurrentUser } from '../../../../shared/users/current-user';
import type { Session } from '../../../../shared/auth/sessions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format-date';
import { timeAgo } from '../../../lib/format';
import { useRequestMagicLink, useSessions, useSignOutOtherSessions, useSignOutSession } from '../../../api/auth';

interface SecurityCardProps {
  user: CurrentUser;
  /** Called when there is no e-mail to send to (the page points at the e-mail field). */
  onEmailMissing: () => void;
}

/** Preferences, left column: a sign-in link by e-mail, and the browsers signed in to the account. */
export function SecurityCard({ user, onEmailMissing }: SecurityCardProps) {
  const send = useRequestMagicLink();

  function handleClick() {
    const email = user.email?.trim();
    if (!email) {
      toast({ title: 'Email required', description: 'Please enter your email address first.', variant: 'destructive' });
      onEmailMissing();
      return;
    }
    send.mutate(email, {
      onSuccess: () => toast({ title: 'Magic link sent', description: 'Check your email for the secure login link.', variant: 'success' }),
      onError: (error) => {
        console.error('Failed to send magic link', error);
        toast({ title: 'Failed to send magic link', description: 'Please try again later.', variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby="security-title">
      <CardHeader titleId="security-title" icon={<KeyRound />} title="Security" description="Sign in on another device with a secure link sent to your email." />
      <CardBody>
        <Button variant="secondary" className="w-full" onClick={handleClick} disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send Magic Link'}
        </Button>
        <SignedInDevices userId={user.id} />
      </CardBody>
    </Card>
  );
}

const MOBILE = /Android|iPhone|iPad/;

/** last_seen_at is recorded at most once an hour, so nothing finer is claimed. */
function lastSeenText(session: Session, now = new Date()): string {
  if (now.getTime() - new Date(session.lastSeenAt).getTime() < 3600 * 1000) return 'Active in the last hour';
  return `Last active ${timeAgo(session.lastSeenAt, now)}`;
}

/** The feed is read without a session, so the devices put out would keep it (sessions.service). */
const FEED_RESET_NOTE = 'Signing out a device also resets your calendar address, so it stops seeing your rides.';
const FEED_RESET_DONE = 'Your calendar address was reset too: subscribe again with the new address.';

function SignedInDevices({ userId }: { userId: string }) {
  const noteId = useId();
  const sessions = useSessions();
  const signOutOthers = useSignOutOtherSessions(userId);
  const signOutOne = useSignOutSession(userId);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  function handleSignOutOthers() {
    signOutOthers.mutate(undefined, {
      onSuccess: ({ signedOut, calendarFeed }) =>
        toast({
          title: 'Signed out other devices',
          description: [signedOut === 1 ? '1 other device was signed out.' : `${signedOut} other devices were signed out.`, ...(calendarFeed ? [FEED_RESET_DONE] : [])].join(' '),
          variant: 'success',
        }),
      onError: () => toast({ title: 'Could not sign out other devices', description: 'Please try again later.', variant: 'destructive' }),
    });
  }

  function handleSignOutOne(session: Session) {
    signOutOne.mutate(session.id, {
      onSuccess: ({ calendarFeed }) =>
        toast({ title: 'Device signed out', description: [`${session.device} is no longer signed in.`, ...(calendarFeed ? [FEED_RESET_DONE] : [])].join(' '), variant: 'success' }),
      // A 404: that session had already ended; the list is read again either way.
      onError: () => toast({ title: 'Could not sign out that device', description: 'Please try again later.', variant: 'destructive' }),
    });
  }

  return (
    <div className="mt-5 border-t border-asphalt-100 pt-5">
      <h3 id="devices-title" className="text-sm font-bold text-asphalt-900">
        Signed-in devices
      </h3>
      {sessions.isPending ? (
        <p className="mt-2 text-sm text-asphalt-500">Loading devices...</p>
      ) : sessions.isError ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-asphalt-600">
          <span>Your devices could not be loaded.</span>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void sessions.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul aria-labelledby="devices-title" className="mt-3 space-y-2">
          {list.map((session) => {
            const Icon = MOBILE.test(session.device) ? Smartphone : Monitor;
            return (
              <li key={session.id} className="flex items-start gap-3 rounded-xl border border-asphalt-100 bg-asphalt-50/60 px-3 py-2.5">
                <Icon className="mt-0.5 size-5 shrink-0 text-asphalt-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold break-words text-asphalt-900">
                    <span className="min-w-0 break-words">{session.device}</span>
                    {session.current ? <Badge variant="success">This device</Badge> : null}
                    {session.push ? <Badge>Notifications on</Badge> : null}
                  </p>
                  <p className="mt-0.5 text-xs text-asphalt-600">{session.current ? 'Active now' : lastSeenText(session)}</p>
                  <p className="text-xs text-asphalt-500">Signed in {formatDate(session.createdAt)}</p>
                  {session.current ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-2"
                      aria-label={`Sign out ${session.device}, ${lastSeenText(session).toLowerCase()}`}
                      aria-describedby={noteId}
                      disabled={signOutOne.isPending && signOutOne.variables === session.id}
                      onClick={() => handleSignOutOne(session)}
                    >
                      <LogOut aria-hidden="true" />
                      Sign out
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {sessions.isSuccess ? (
        <Button variant="secondary" className="mt-3 w-full" aria-describedby={noteId} onClick={handleSignOutOthers} disabled={others === 0 || signOutOthers.isPending}>
          <LogOut aria-hidden="true" />
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out other devices'}
        </Button>
      ) : null}
      {sessions.isSuccess ? (
        <p id={noteId} className="mt-2 text-xs text-asphalt-500">
          {others === 0 ? 'No other device is signed in.' : FEED_RESET_NOTE}
        </p>
      ) : null}
    </div>
  );
}
