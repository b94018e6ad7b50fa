import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ArrowRight, CircleCheck, Clock, CloudOff, MailCheck, TriangleAlert, UserPlus, Users } from 'lucide-react';
import { GroupImage } from '../../../components/groups/group-image';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmailAddressField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf, serverMessageOf } from '../../../lib/api-client';
import { type CompletedInvitation, type InvitationView, useCompleteInvitation, useInvitation } from '../../../api/invites';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate } from '../../../lib/format-date';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../../lib/i18n/i18n';
import { Trans, useLingui } from '@lingui/react/macro';

/** Spec 2 section 9: the landing pauses 0.5 s after completing, then opens the group page. */
export const INVITATION_REDIRECT_DELAY_MS = 500;

const emailSchema = z.email();

/**
 * The e-mail check of the landing (spec 2 section 5): required, then valid. Null when fine. Called
 * when the form is sent, so its words are in the language active then.
 */
export function invitationEmailProblem(email: string): { title: string; description: string } | null {
  const value = email.trim();
  if (!value) return { title: i18n._(msg`Email Required`), description: i18n._(msg`Please enter your email address to accept the invitation.`) };
  if (!emailSchema.safeParse(value).success) return { title: i18n._(msg`Invalid Email`), description: i18n._(msg`Please enter a valid email address.`) };
  return null;
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center pt-2 text-center sm:pt-12">
      <div className="w-full overflow-hidden rounded-2xl border border-asphalt-200 bg-white shadow-sm">{children}</div>
    </div>
  );
}

/** One of the landing's messages instead of the invitation: a picture, a title, what it means and the way on. */
function MessagePanel({ picture, title, children }: { picture: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <Panel>
      <div className="px-6 py-10">
        {picture}
        <h1 className="text-2xl font-extrabold tracking-tight break-words text-asphalt-950">{title}</h1>
        {children}
      </div>
    </Panel>
  );
}

/** /invite/{token} (spec 2 section 2). */
export function InvitationLanding({ token }: { token: string }) {
  const { t } = useLingui();
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <Panel>
        <div className="flex flex-col items-center px-6 py-12">
          <Spinner label={t`Loading invitation`} size="lg" />
          <p className="mt-4 text-sm text-asphalt-600">
            <Trans>Loading your invitation...</Trans>
          </p>
        </div>
      </Panel>
    );
  }
  if (invitation.isLoadingError) {
    return (
      <MessagePanel picture={<StatusIcon tone="warning" />} title={<Trans>Couldn't load the invitation</Trans>}>
        <p className="mt-2 text-sm text-asphalt-600">
          <Trans>Check your connection and try again.</Trans>
        </p>
        <Button variant="dark" size="lg" className="mt-6" onClick={() => void invitation.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </MessagePanel>
    );
  }
  if (invitation.data === null) {
    return (
      <MessagePanel picture={<StatusIcon tone="error" />} title={<Trans>Invalid Invitation</Trans>}>
        <p role="alert" className="mt-2 text-sm text-asphalt-700">
          {/* The words of INVALID_INVITATION_MESSAGE (shared/invites), the title in bold. */}
          <Trans>
            <strong className="font-bold text-red-700">Invalid Invitation:</strong> This invitation link is invalid or has expired.
          </Trans>
        </p>
        <Link to="/" className={buttonClasses('dark', 'lg', 'mt-6 w-full sm:w-auto')}>
          <Trans>Back to Dashboard</Trans>
        </Link>
      </MessagePanel>
    );
  }
  if (invitation.data.alreadyMember) return <AlreadyMember group={invitation.data.group} />;
  return <InvitationCard token={token} view={invitation.data} />;
}

/** A full-width button: its label (a group's name) wraps, as every button's does, when it is longer than a line. */
const WRAPPING_BUTTON = 'w-full py-3';

function groupPath(slug: string): string {
  return `/groups/${encodeURIComponent(slug)}`;
}

/** A member or the owner opened the link (testing their own QR code, say): nothing is used. */
function AlreadyMember({ group }: { group: InvitationView['group'] }) {
  const groupName = group.name;
  return (
    <MessagePanel
      picture={<GroupImage name={group.name} imageUrl={group.groupImageUrl} className="mx-auto mb-4 size-16 rounded-2xl text-xl" />}
      title={<Trans>You're already a member of {groupName}</Trans>}
    >
      <p className="mt-2 text-sm text-asphalt-600">
        <Trans>This invitation stays unused, so the rider it was meant for can still join with it.</Trans>
      </p>
      <Link to={groupPath(group.slug)} className={buttonClasses('dark', 'lg', `mt-6 ${WRAPPING_BUTTON}`)}>
        <Users aria-hidden="true" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <Trans>Go to {groupName}</Trans>
        </span>
      </Link>
    </MessagePanel>
  );
}

function InvitationCard({ token, view }: { token: string; view: InvitationView }) {
  const { t } = useLingui();
  const emailId = useId();
  const navigate = useNavigate();
  const complete = useCompleteInvitation();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<CompletedInvitation | null>(null);
  const { group, inviter, invitation } = view;
  // With a mail sent the landing stays: the rider needs to know where the link went.
  const redirectTo = done && !done.alreadyMember && !done.emailSentTo ? done.groupSlug : null;

  useEffect(() => {
    if (!redirectTo) return;
    const timer = setTimeout(() => void navigate(groupPath(redirectTo), { replace: true }), INVITATION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirectTo, navigate]);

  if (done?.alreadyMember) return <AlreadyMember group={group} />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (view.needsEmail) {
      const problem = invitationEmailProblem(email);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        document.getElementById(emailId)?.focus();
        return;
      }
    }
    complete.mutate(
      { token, email: view.needsEmail ? email.trim() : undefined },
      {
        onSuccess: (result) => setDone(result),
        onError: (error) => {
          console.error('Failed to complete invitation', error);
          const message = serverMessageOf(error);
          if (message === 'Email Required' || message === 'Invalid Email') {
            toast({ title: message === 'Email Required' ? t`Email Required` : t`Invalid Email`, description: t`Please enter a valid email address.`, variant: 'destructive' });
          } else {
            toast({ title: t`Failed to Join Group`, description: message ?? errorMessageOf(error), variant: 'destructive' });
          }
        },
      },
    );
  }

  const busy = complete.isPending || done !== null;
  const groupName = group.name;
  const inviteeName = invitation.inviteeName;
  const inviterName = inviter.firstName;
  const inviterHandle = inviter.userId;
  const expiresOn = formatDate(invitation.expiresAt);
  const sentTo = done?.emailSentTo;

  return (
    <Panel>
      <div aria-hidden="true" className="relative h-20 bg-asphalt-900">
        <div className="absolute inset-x-0 top-1/2 h-[3px] -translate-y-1/2 bg-[repeating-linear-gradient(90deg,var(--color-ignition-500)_0_22px,transparent_22px_40px)] opacity-50" />
      </div>
      <div className="px-6 pb-7">
        <GroupImage name={group.name} imageUrl={group.groupImageUrl} className="relative mx-auto -mt-10 size-20 rounded-2xl text-2xl ring-4 ring-white" />
        <p className="mt-4 text-xs font-bold tracking-[0.16em] text-ignition-700 uppercase">
          <Trans>You're invited</Trans>
        </p>
        <h1 className="mt-1 text-2xl font-black tracking-tight break-words text-asphalt-950">{group.name}</h1>
        {group.description ? <p className="mt-2 line-clamp-4 text-sm text-asphalt-600">{group.description}</p> : null}

        <div className="mt-5 rounded-xl bg-asphalt-50 px-4 py-3 text-sm text-asphalt-700">
          {invitation.inviteeName ? (
            <p>
              <Trans>
                Hi <strong className="font-bold text-asphalt-950">{inviteeName}</strong>,
              </Trans>
            </p>
          ) : null}
          <p className={invitation.inviteeName ? 'mt-1' : undefined}>
            <Trans>
              <strong className="font-bold text-asphalt-950">{inviterName}</strong>{' '}
              <span className="text-asphalt-500">(@{inviterHandle})</span> invited you to ride with this group.
            </Trans>
          </p>
        </div>

        {done?.emailSentTo ? (
          <div role="status" className="mt-6 flex flex-col items-center">
            <StatusIcon tone="mail" />
            <p className="text-base font-extrabold text-asphalt-950">
              <Trans>You're in! Now check your email</Trans>
            </p>
            <p className="mt-2 text-sm text-asphalt-600">
              <Trans>
                We sent a link to <strong className="font-bold [overflow-wrap:anywhere] text-asphalt-900">{sentTo}</strong>.
              </Trans>
            </p>
            <ul className="mt-3 space-y-1.5 text-start text-sm text-asphalt-600">
              <li className="flex gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                <span>
                  <Trans>New here? The link confirms your address, so you can sign in from any device.</Trans>
                </span>
              </li>
              <li className="flex gap-2">
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                <span>
                  <Trans>Already riding with us under that address? The link signs you in to your account and adds it to the group.</Trans>
                </span>
              </li>
            </ul>
            <Link to={groupPath(done.groupSlug)} replace className={buttonClasses('dark', 'lg', `mt-6 ${WRAPPING_BUTTON}`)}>
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <Trans>Go to {groupName}</Trans>
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        ) : done ? (
          <div role="status" className="mt-6 flex flex-col items-center">
            <StatusIcon tone="success" />
            <p className="text-base font-extrabold text-asphalt-950">
              <Trans>You're in!</Trans>
            </p>
            <p className="mt-1 text-sm break-words text-asphalt-600">
              <Trans>Taking you to {groupName}...</Trans>
            </p>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-4 text-start">
            {view.needsEmail ? (
              <EmailAddressField id={emailId} value={email} onChange={(event) => setEmail(event.target.value)} aria-describedby={`${emailId}-hint`} disabled={busy}>
                <p id={`${emailId}-hint`} className="mt-1.5 text-xs text-asphalt-500">
                  <Trans>We'll e-mail you a link: it confirms a new address, or signs you in if the address already has an account.</Trans>
                </p>
              </EmailAddressField>
            ) : null}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              <UserPlus aria-hidden="true" />
              {complete.isPending ? <Trans>Joining...</Trans> : <Trans>Accept Invitation</Trans>}
            </Button>
          </form>
        )}

        <p className="mt-5 flex items-center justify-center gap-1.5 text-xs text-asphalt-500">
          <Clock className="size-3.5" aria-hidden="true" />
          <Trans>This invitation expires on {expiresOn}.</Trans>
        </p>
      </div>
    </Panel>
  );
}

const STATUS_ICONS = { success: CircleCheck, mail: MailCheck, error: TriangleAlert, warning: CloudOff };

function StatusIcon({ tone }: { tone: keyof typeof STATUS_ICONS }) {
  return <StatusBadge tone={tone === 'mail' ? 'success' : tone} icon={STATUS_ICONS[tone]} />;
}
