import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Compass, Flag, LogIn, Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { LogoMark } from '../../../components/logo';
import { Button } from '../../../components/ui/button';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { track } from '../../../api/events';
import { useMarkWelcomeSeen } from '../../../api/users';
import { LanguageSelect } from '../../../components/users/language-select';
import { afterNextPaint } from '../../../lib/after-next-paint';

export type WelcomeAction =
  | 'join_group'
  | 'start_group'
  | 'find_rides'
  | 'login'
  | 'continue_to_dashboard'
  | 'dismiss';

interface WelcomeDialogProps {
  user: CurrentUser;
  appName: string;
  /** "Login as existing user": the shell opens the login dialog. */
  onLogin: () => void;
}

/**
 * Spec 1 section 2 "Welcome dialog": shown while isFirstVisit is true. Every action, and closing,
 * first marks the welcome as seen (and records the action), then does its thing. The dialog
 * closes at once even if marking fails.
 */
export function WelcomeDialog({ user, appName, onLogin }: WelcomeDialogProps) {
  const { t } = useLingui();
  const handle = user.userId;
  const navigate = useNavigate();
  const markSeen = useMarkWelcomeSeen();
  const [dismissed, setDismissed] = useState(false);

  if (!user.isFirstVisit) return null;

  function act(action: WelcomeAction, then?: () => void) {
    if (dismissed) return;
    setDismissed(true);
    markSeen();
    track('onboarding', 'welcome_action', { action });
    then?.();
  }

  const tiles = [
    { action: 'join_group' as const, label: t`Join a Group`, icon: Users, to: '/finder' },
    { action: 'start_group' as const, label: t`Start a Group`, icon: Flag, to: '/groups?action=create' },
    { action: 'find_rides' as const, label: t`Find Nearby Rides`, icon: Compass, to: '/finder' },
  ];

  return (
    <Dialog
      open={!dismissed}
      onOpenChange={(open) => {
        if (!open) act('dismiss');
      }}
    >
      <DialogContent
        size="lg"
        padded={false}
        closeLabel={t`Close`}
        closeClassName="text-asphalt-300 hover:bg-white/10 hover:text-white"
        onOpenAutoFocus={(event) => {
          // Focus the dialog itself rather than pre-selecting one of the choices, once its frame is
          // drawn: focusing at once forces the whole page's style and layout inside the task that
          // opens the dialog, a first visit's longest on a phone (docs/decisions/2026-11-27-ride-page-paints-first.md).
          event.preventDefault();
          const dialog = event.currentTarget as HTMLElement | null;
          afterNextPaint(() => {
            if (dialog?.isConnected && !dialog.contains(document.activeElement)) dialog.focus();
          });
        }}
      >
        <div className="relative overflow-hidden bg-asphalt-900 px-6 pt-6 pb-7 text-white">
          <RoadStripe />
          <LogoMark className="relative size-11" />
          <DialogPrimitive.Title className="relative mt-4 pe-8 text-2xl font-black tracking-tight text-white sm:text-3xl">
            <Trans>Welcome to {appName}!</Trans>
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="relative mt-1 text-sm text-asphalt-300">
            <Trans>Find your crew, plan the route, ride together.</Trans>
          </DialogPrimitive.Description>
        </div>

        <div className="px-6 pt-5 pb-6">
          <div className="rounded-xl border border-asphalt-200 bg-asphalt-50 px-4 py-3">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-asphalt-700">
              <Trans>
                You're now{' '}
                <strong className="inline-block rounded-md border-2 border-asphalt-900 bg-ignition-300 px-2 py-0.5 font-mono text-sm font-bold tracking-wide break-all text-asphalt-950">
                  {handle}
                </strong>
              </Trans>
            </p>
            <p className="mt-1.5 text-xs text-asphalt-500">
              <Trans>You can change this in your profile</Trans>
            </p>
          </div>

          <div className="mt-4">
            <LanguageSelect user={user} offerPseudo={false} />
          </div>

          <div className="mt-5 grid grid-cols-1 gap-2.5 sm:grid-cols-3">
            {tiles.map(({ action, label, icon: Icon, to }) => (
              <button
                key={action}
                type="button"
                onClick={() => act(action, () => void navigate(to))}
                className="group flex items-center gap-3 rounded-xl border border-asphalt-200 bg-white p-3.5 text-start text-sm font-bold text-asphalt-900 transition-all hover:-translate-y-0.5 hover:border-ignition-400 hover:shadow-md sm:flex-col sm:items-start sm:gap-2.5"
              >
                <span className="flex size-9 items-center justify-center rounded-lg bg-ignition-100 text-ignition-700 transition-colors group-hover:bg-ignition-500 group-hover:text-asphalt-950">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {label}
              </button>
            ))}
          </div>

          {/* Wraps where the two do not fit one line (German's "Weiter zur Übersicht" ran past the
              dialog's edge at 1280 px); the main button stays at the end. */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <Button variant="ghost" onClick={() => act('login', onLogin)}>
              <LogIn aria-hidden="true" />
              <Trans>Login as existing user</Trans>
            </Button>
            <Button variant="dark" size="lg" className="sm:ms-auto" onClick={() => act('continue_to_dashboard')}>
              <Trans>Continue to Dashboard</Trans>
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A dashed centre line sweeping across the header, like a road seen from above. */
function RoadStripe() {
  return (
    <svg aria-hidden="true" viewBox="0 0 400 140" preserveAspectRatio="none" className="absolute inset-0 size-full">
      <path d="M-20 150 C 120 120, 180 40, 420 20" fill="none" stroke="#23262d" strokeWidth="46" />
      <path
        d="M-20 150 C 120 120, 180 40, 420 20"
        fill="none"
        stroke="#ff9f33"
        strokeOpacity="0.55"
        strokeWidth="3"
        strokeDasharray="14 12"
      />
    </svg>
  );
}
