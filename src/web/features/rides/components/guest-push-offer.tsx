import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { useSessions } from '../../../api/auth';
import { ADD_EMAIL_PATH } from '../../../components/users/add-email-link';
import { DevicePushSwitch } from '../../../components/users/device-push';

/**
 * A guest (no e-mail) holding a seat would hear of a cancellation only with the page open: this
 * offers push on this device, or an address (issue 30, point 8). It goes once this device has push on.
 */
export function GuestPushOffer() {
  const sessions = useSessions();
  const current = sessions.data?.sessions.find((s) => s.current);
  if (!current || current.push) return null;
  return (
    <section aria-labelledby="guest-push-title" className="mt-4 rounded-2xl border border-ignition-200 bg-ignition-50 px-4 py-3">
      <h2 id="guest-push-title" className="flex items-center gap-2 text-sm font-bold text-asphalt-900">
        <BellRing className="size-4 shrink-0 text-ignition-700" aria-hidden="true" />
        <Trans>Hear if this ride changes or is cancelled</Trans>
      </h2>
      <div className="mt-2">
        <DevicePushSwitch />
      </div>
      <p className="mt-2 text-sm text-asphalt-700">
        <Trans>
          Or{' '}
          <Link to={ADD_EMAIL_PATH} className="font-bold text-asphalt-900 underline underline-offset-4">
            add an e-mail address
          </Link>{' '}
          to keep your access and get word by mail.
        </Trans>
      </p>
    </section>
  );
}
