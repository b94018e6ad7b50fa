import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, LinkIcon, LogIn, ShieldQuestion, TriangleAlert } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { destinationOf, useConfirmMagicLink, useVerifyMagicLink } from '../../../api/auth';
import { StatusBadge } from '../../../components/ui/status-badge';

const REDIRECT_DELAY_MS = 1000;

function BackHome() {
  return (
    <Link to="/" className={buttonClasses('dark', 'lg', 'mt-6 w-full sm:w-auto')}>
      <Trans>Back to Dashboard</Trans>
    </Link>
  );
}

/**
 * /auth/magic-link?token=...: sends the token once. In the browser that asked for the link that
 * signs in, and the page goes home; in any other browser the server consumes nothing and the page
 * asks "Sign in as {address}?" first.
 */
export function MagicLinkVerification() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token');
  const verified = useVerifyMagicLink(token);
  const confirm = useConfirmMagicLink();
  const navigate = useNavigate();
  const status = confirm.status === 'success' || confirm.status === 'error' ? confirm.status : verified.status;
  // A link that also completed an invitation opens that group instead of the dashboard.
  const destination = confirm.data ? destinationOf(confirm.data) : verified.status === 'success' ? verified.destination : null;

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => void navigate(destination ?? '/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, destination, navigate]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center pt-6 text-center sm:pt-16">
      <div className="w-full rounded-2xl border border-asphalt-200 bg-white p-6 shadow-sm sm:p-8">
        {status === 'missing' ? (
          <>
            <StatusIcon tone="warning" />
            <h1 className="text-2xl font-extrabold tracking-tight">
              <Trans>Invalid Magic Link</Trans>
            </h1>
            <p className="mt-2 text-sm text-asphalt-600">
              <Trans>This link has no sign-in token. Open the link from your e-mail again, or request a new one.</Trans>
            </p>
            <BackHome />
          </>
        ) : null}

        {status === 'pending' ? (
          <div className="flex flex-col items-center py-4">
            <Spinner label={t`Verifying...`} size="lg" />
            <h1 className="mt-5 text-2xl font-extrabold tracking-tight">
              <Trans>Verifying...</Trans>
            </h1>
            <p className="mt-2 text-sm text-asphalt-600">
              <Trans>Checking your magic link.</Trans>
            </p>
          </div>
        ) : null}

        {status === 'confirm' && verified.status === 'confirm' && token ? (
          <ConfirmSignIn
            email={verified.email}
            purpose={verified.purpose}
            busy={confirm.isPending}
            onConfirm={() =>
              confirm.mutate(token, { onError: (error) => console.error('Magic link confirmation failed', error) })
            }
          />
        ) : null}

        {status === 'success' ? (
          <>
            <StatusIcon tone="success" />
            <h1 className="text-2xl font-extrabold tracking-tight">
              <Trans>You're signed in</Trans>
            </h1>
            <p className="mt-2 text-sm text-asphalt-600" role="status">
              {destination ? <Trans>Taking you to your group...</Trans> : <Trans>Taking you to your dashboard...</Trans>}
            </p>
          </>
        ) : null}

        {status === 'error' ? (
          <>
            <StatusIcon tone="error" />
            <h1 className="text-2xl font-extrabold tracking-tight">
              <Trans>Invalid Magic Link</Trans>
            </h1>
            {/* The words of MAGIC_LINK_INVALID_MESSAGE (shared/auth/magic-link), the server's answer for the same failure. */}
            <p role="alert" className="mt-2 text-sm text-asphalt-700">
              <Trans>
                <strong className="font-bold text-red-700">Authentication Failed:</strong> The magic link is invalid or has expired. Please
                request a new one.
              </Trans>
            </p>
            <BackHome />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The link was opened in a browser that did not ask for it: nothing happens until the rider says so. */
function ConfirmSignIn({ email, purpose, busy, onConfirm }: { email: string; purpose: 'sign_in' | 'confirm_email'; busy: boolean; onConfirm: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <StatusIcon tone="question" />
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight outline-none">
        <Trans>
          Sign in as{' '}
          <span className="mt-2 block rounded-lg bg-asphalt-50 px-3 py-2 font-mono text-base font-semibold tracking-normal break-all text-asphalt-900">
            {email}?
          </span>
        </Trans>
      </h1>
      <p className="mt-3 text-sm text-asphalt-600">
        {purpose === 'confirm_email' ? (
          <Trans>
            This link was opened in a different browser from the one that asked for it. Signing in also confirms this address for the account that
            asked to use it.
          </Trans>
        ) : (
          <Trans>This link was opened in a different browser from the one that asked for it.</Trans>
        )}
      </p>
      <p className="mt-2 text-sm font-medium text-asphalt-800">
        <Trans>Only continue if you asked for this link yourself.</Trans>
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Link to="/" className={buttonClasses('secondary', 'lg', 'w-full sm:w-auto')}>
          <Trans>Not now</Trans>
        </Link>
        <Button size="lg" className="w-full sm:w-auto" disabled={busy} onClick={onConfirm}>
          <LogIn aria-hidden="true" />
          {busy ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
        </Button>
      </div>
    </>
  );
}

const STATUS_ICONS = { success: CircleCheck, error: TriangleAlert, warning: LinkIcon, question: ShieldQuestion };

function StatusIcon({ tone }: { tone: keyof typeof STATUS_ICONS }) {
  return <StatusBadge tone={tone} icon={STATUS_ICONS[tone]} />;
}
