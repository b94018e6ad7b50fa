import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, LinkIcon, TriangleAlert } from 'lucide-react';
import { MAGIC_LINK_INVALID_MESSAGE } from '../../../../shared/auth/magic-link';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useVerifyMagicLinkWithDestination } from '../api/verify-magic-link';

const REDIRECT_DELAY_MS = 1000;

const [failureTitle, failureText] = (() => {
  const cut = MAGIC_LINK_INVALID_MESSAGE.indexOf(': ');
  return cut < 0
    ? ['', MAGIC_LINK_INVALID_MESSAGE]
    : [MAGIC_LINK_INVALID_MESSAGE.slice(0, cut + 1), MAGIC_LINK_INVALID_MESSAGE.slice(cut + 2)];
})();

function BackHome() {
  return (
    <Link to="/" className={buttonClasses('dark', 'lg', 'mt-6 w-full sm:w-auto')}>
      Back to Dashboard
    </Link>
  );
}

/** /auth/magic-link?token=...: sends the token once, then signs in and goes home. */
export function MagicLinkVerification() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // Invitations (issue 13): a link that completed an invitation opens the group instead.
  const { status, destination } = useVerifyMagicLinkWithDestination(token);
  const navigate = useNavigate();

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
            <h1 className="text-2xl font-extrabold tracking-tight">Invalid Magic Link</h1>
            <p className="mt-2 text-sm text-asphalt-600">
              This link has no sign-in token. Open the link from your e-mail again, or request a new one.
            </p>
            <BackHome />
          </>
        ) : null}

        {status === 'pending' ? (
          <div className="flex flex-col items-center py-4">
            <Spinner label="Verifying..." size="lg" />
            <h1 className="mt-5 text-2xl font-extrabold tracking-tight">Verifying...</h1>
            <p className="mt-2 text-sm text-asphalt-600">Checking your magic link.</p>
          </div>
        ) : null}

        {status === 'success' ? (
          <>
            <StatusIcon tone="success" />
            <h1 className="text-2xl font-extrabold tracking-tight">You're signed in</h1>
            <p className="mt-2 text-sm text-asphalt-600" role="status">
              {destination ? 'Taking you to your group...' : 'Taking you to your dashboard...'}
            </p>
          </>
        ) : null}

        {status === 'error' ? (
          <>
            <StatusIcon tone="error" />
            <h1 className="text-2xl font-extrabold tracking-tight">Invalid Magic Link</h1>
            <p role="alert" className="mt-2 text-sm text-asphalt-700">
              {failureTitle ? <strong className="font-bold text-red-700">{failureTitle}</strong> : null}
              {failureTitle ? ' ' : null}
              {failureText}
            </p>
            <BackHome />
          </>
        ) : null}
      </div>
    </div>
  );
}

function StatusIcon({ tone }: { tone: 'success' | 'error' | 'warning' }) {
  const styles = {
    success: 'bg-emerald-100 text-emerald-700',
    error: 'bg-red-100 text-red-700',
    warning: 'bg-ignition-100 text-ignition-700',
  }[tone];
  const Icon = tone === 'success' ? CircleCheck : tone === 'error' ? TriangleAlert : LinkIcon;
  return (
    <div className={`mx-auto mb-4 flex size-14 items-center justify-center rounded-full ${styles}`}>
      <Icon className="size-7" aria-hidden="true" />
    </div>
  );
}
