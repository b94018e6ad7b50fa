import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn, LogOut, UserRound } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { useAppName } from '../../../api/app-config';
import { LoginDialog } from './login-dialog';

/**
 * /signed-out, where Logout leads. It stands outside the shell on purpose: the shell reads the
 * current user, and that read makes a new guest for a browser without a session. Nobody is made
 * until the rider chooses "Continue as guest".
 */
export function SignedOutPage() {
  const { t } = useLingui();
  const appName = useAppName();
  const navigate = useNavigate();
  const [loginOpen, setLoginOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();

  // Every cached answer belonged to the session that ended; the shell that read them is gone now.
  useEffect(() => queryClient.clear(), [queryClient]);
  // So did what was kept for offline: Logout deleted it before leaving, but a map tile the last page
  // asked for meanwhile was kept again; no page here asks for more (the worker's code loads when needed).
  useEffect(() => void import('../../../lib/service-worker').then((worker) => worker.forgetSavedAnswers()), []);

  useEffect(() => {
    document.title = t`Signed out · ${appName}`;
  }, [appName, t]);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <main className="flex min-h-dvh flex-col items-center bg-asphalt-50 px-4 py-10 sm:justify-center sm:py-16">
      <p className="mb-6 text-lg font-black tracking-tight text-asphalt-950">{appName}</p>
      <section aria-labelledby="signed-out-title" className="w-full max-w-md rounded-2xl border border-asphalt-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-asphalt-100 text-asphalt-700">
          <LogOut className="size-7" aria-hidden="true" />
        </div>
        <h1 id="signed-out-title" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight text-asphalt-950 outline-none">
          <Trans>You're signed out</Trans>
        </h1>
        <p className="mt-2 text-sm text-asphalt-600">
          <Trans>Sign in with an e-mailed link to get back to your groups and rides, or look around as a guest.</Trans>
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Button size="lg" className="w-full" onClick={() => setLoginOpen(true)}>
            <LogIn aria-hidden="true" />
            <Trans>Sign in</Trans>
          </Button>
          <Button variant="secondary" size="lg" className="w-full" onClick={() => void navigate('/', { replace: true })}>
            <UserRound aria-hidden="true" />
            <Trans>Continue as guest</Trans>
          </Button>
        </div>
      </section>
      <LoginDialog open={loginOpen} onOpenChange={setLoginOpen} />
    </main>
  );
}
