import { useId } from 'react';
import { KeyRound, LogOut, Monitor, Send, Smartphone } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { describeDevice, type Session } from '../../../../shared/auth/sessions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { QueryStatus } from '../../../components/ui/query-status';
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
  const { t } = useLingui();
  const send = useRequestMagicLink();

  function handleClick() {
    const email = user.email?.trim();
    if (!email) {
      toast({ title: t`Email required`, description: t`Please enter your email address first.`, variant: 'destructive' });
      onEmailMissing();
      return;
    }
    send.mutate(email, {
      onSuccess: () => toast({ title: t`Magic link sent`, description: t`Check your email for the secure login link.`, variant: 'success' }),
      onError: (error) => {
        console.error('Failed to send magic link', error);
        toast({ title: t`Failed to send magic link`, description: t`Please try again later.`, variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby="security-title">
      <CardHeader titleId="security-title" icon={<KeyRound />} title={t`Security`} description={t`Sign in on another device with a secure link sent to your email.`} />
      <CardBody>
        <Button variant="secondary" className="w-full" onClick={handleClick} disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? <Trans>Sending...</Trans> : <Trans>Send Magic Link</Trans>}
        </Button>
        <SignedInDevices userId={user.id} />
      </CardBody>
    </Card>
  );
}

const MOBILE = /Android|iPhone|iPad/;

/** Whether the session was seen in the last hour: last_seen_at is recorded at most once an hour, so nothing finer is claimed. */
function seenLastHour(session: Session, now = new Date()): boolean {
  return now.getTime() - new Date(session.lastSeenAt).getTime() < 3600 * 1000;
}

function lastSeenText(session: Session): MessageDescriptor {
  if (seenLastHour(session)) return msg`Active in the last hour`;
  const ago = timeAgo(session.lastSeenAt);
  return msg`Last active ${ago}`;
}

/** The Sign out button's name: the device (in the language shown) and when it was last seen. */
function signOutLabel(session: Session, device: string): MessageDescriptor {
  if (seenLastHour(session)) return msg`Sign out ${device}, active in the last hour`;
  const ago = timeAgo(session.lastSeenAt);
  return msg`Sign out ${device}, last active ${ago}`;
}

/** The feed is read without a session, so the devices put out would keep it (sessions.service). */
const FEED_RESET_NOTE = msg`Signing out a device also resets your calendar address, so it stops seeing your rides.`;
const FEED_RESET_DONE = msg`Your calendar address was reset too: subscribe again with the new address.`;

function SignedInDevices({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
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
          title: t`Signed out other devices`,
          description: [
            t`${plural(signedOut, { one: '# other device was signed out.', other: '# other devices were signed out.' })}`,
            ...(calendarFeed ? [i18n._(FEED_RESET_DONE)] : []),
          ].join(' '),
          variant: 'success',
        }),
      onError: () => toast({ title: t`Could not sign out other devices`, description: t`Please try again later.`, variant: 'destructive' }),
    });
  }

  function handleSignOutOne(session: Session) {
    signOutOne.mutate(session.id, {
      onSuccess: ({ calendarFeed }) => {
        const device = describeDevice(session, i18n);
        toast({ title: t`Device signed out`, description: [t`${device} is no longer signed in.`, ...(calendarFeed ? [i18n._(FEED_RESET_DONE)] : [])].join(' '), variant: 'success' });
      },
      // A 404: that session had already ended; the list is read again either way.
      onError: () => toast({ title: t`Could not sign out that device`, description: t`Please try again later.`, variant: 'destructive' }),
    });
  }

  return (
    <div className="mt-5 border-t border-asphalt-100 pt-5">
      <h3 id="devices-title" className="text-sm font-bold text-asphalt-900">
        <Trans>Signed-in devices</Trans>
      </h3>
      {!sessions.isSuccess ? (
        <div className="mt-2">
          <QueryStatus query={sessions} loading={t`Loading devices...`} failed={t`Your devices could not be loaded.`} />
        </div>
      ) : (
        <ul aria-labelledby="devices-title" className="mt-3 space-y-2">
          {list.map((session) => {
            const Icon = MOBILE.test(session.system ?? '') ? Smartphone : Monitor;
            const device = describeDevice(session, i18n);
            const signedIn = formatDate(session.createdAt);
            return (
              <li key={session.id} className="flex items-start gap-3 rounded-xl border border-asphalt-100 bg-asphalt-50/60 px-3 py-2.5">
                <Icon className="mt-0.5 size-5 shrink-0 text-asphalt-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold break-words text-asphalt-900">
                    <span className="min-w-0 break-words">{device}</span>
                    {session.current ? (
                      <Badge variant="success">
                        <Trans>This device</Trans>
                      </Badge>
                    ) : null}
                    {session.push ? (
                      <Badge>
                        <Trans>Notifications on</Trans>
                      </Badge>
                    ) : null}
                  </p>
                  <p className="mt-0.5 text-xs text-asphalt-600">{session.current ? <Trans>Active now</Trans> : i18n._(lastSeenText(session))}</p>
                  <p className="text-xs text-asphalt-500">
                    <Trans>Signed in {signedIn}</Trans>
                  </p>
                  {session.current ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-2"
                      aria-label={i18n._(signOutLabel(session, device))}
                      aria-describedby={noteId}
                      disabled={signOutOne.isPending && signOutOne.variables === session.id}
                      onClick={() => handleSignOutOne(session)}
                    >
                      <LogOut aria-hidden="true" />
                      <Trans>Sign out</Trans>
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
          {signOutOthers.isPending ? <Trans>Signing out...</Trans> : <Trans>Sign out other devices</Trans>}
        </Button>
      ) : null}
      {sessions.isSuccess ? (
        <p id={noteId} className="mt-2 text-xs text-asphalt-500">
          {others === 0 ? <Trans>No other device is signed in.</Trans> : i18n._(FEED_RESET_NOTE)}
        </p>
      ) : null}
    </div>
  );
}
