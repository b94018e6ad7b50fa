import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ExternalLink, Globe } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useCurrentUser } from '../../../api/users';
import { AvatarCard } from './avatar-card';
import { CalendarCard } from './calendar-card';
import { NotificationSettingsCard } from './notification-settings-card';
import { PrivacyCard } from './privacy-card';
import { ProfileForm } from './profile-form';
import { SecurityCard } from './security-card';
import { SiteSettingsForm } from './site-settings-form';
import { PageHeader } from '../../../components/ui/page-header';

/** Spec 1 section 9: the e-mail field pulses for 10 seconds. */
export const EMAIL_HIGHLIGHT_MS = 10_000;

/** highlight=email: pulse the e-mail field for 10 s and take the parameter out of the address. */
function useEmailHighlight() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Each pulse has its own number, so asking again during a pulse starts the 10 s over.
  const [pulse, setPulse] = useState<number | null>(null);
  const requested = searchParams.get('highlight') === 'email';

  const start = useCallback(() => setPulse((current) => (current ?? 0) + 1), []);

  // The address asks once: its request starts a pulse when it appears (the effect below then removes it).
  const [seenRequest, setSeenRequest] = useState(false);
  if (requested !== seenRequest) {
    setSeenRequest(requested);
    if (requested) start();
  }

  useEffect(() => {
    if (!requested) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('highlight');
        return next;
      },
      { replace: true },
    );
  }, [requested, setSearchParams]);

  useEffect(() => {
    if (pulse === null) return;
    const timer = setTimeout(() => setPulse(null), EMAIL_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [pulse]);

  return { pulse, start };
}

/** /preferences */
export function PreferencesPage() {
  const { t } = useLingui();
  const { data: user, isPending } = useCurrentUser();
  return (
    <section aria-labelledby="preferences-title">
      <PageHeader titleId="preferences-title" title={t`Preferences`} description={t`Your profile, privacy and how the app works for you.`} className="mb-6 sm:mb-8" />
      {isPending || !user ? (
        <p className="text-sm text-asphalt-500">
          <Trans>Loading profile...</Trans>
        </p>
      ) : (
        <PreferencesContent user={user} />
      )}
    </section>
  );
}

function PreferencesContent({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const highlight = useEmailHighlight();
  return (
    // Phones: the profile form first (what riders come here for), then the four cards, then the app
    // settings; one column that may shrink below its content's width (a long address is truncated
    // rather than widening the page). From lg: the forms on the left, the cards beside them on the
    // right, in the same reading order. The cards span both rows so the settings form sits right under
    // the profile form.
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:grid-rows-[auto_1fr] lg:gap-6">
      {/* A new account (after a sign-in) starts its forms over. */}
      <div className="lg:col-start-1 lg:row-start-1">
        <ProfileForm key={`profile-${user.id}`} user={user} highlightEmail={highlight.pulse} />
      </div>
      <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <AvatarCard user={user} />
        <Card aria-labelledby="public-profile-title">
          <CardHeader titleId="public-profile-title" icon={<Globe />} title={t`Public Profile`} description={t`See your profile as other riders do.`} />
          <CardBody>
            <Link to={`/profile/${encodeURIComponent(user.userId)}`} className={buttonClasses('secondary', 'md', 'w-full')}>
              <ExternalLink aria-hidden="true" />
              <Trans>View Public Profile</Trans>
            </Link>
          </CardBody>
        </Card>
        <SecurityCard user={user} onEmailMissing={highlight.start} />
        <PrivacyCard user={user} />
      </div>
      <div className="lg:col-start-1 lg:row-start-2">
        <SiteSettingsForm key={`settings-${user.id}`} user={user} />
        <CalendarCard key={`calendar-${user.id}`} userId={user.id} />
        <NotificationSettingsCard key={`notification-settings-${user.id}`} userId={user.id} user={user} />
      </div>
    </div>
  );
}
