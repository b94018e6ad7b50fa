import { useState } from 'react';
import { Link } from 'react-router';
import { ShieldAlert, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { needsSavedAccess, type CurrentUser } from '../../../../shared/users/current-user';
import { ADD_EMAIL_PATH } from '../../../components/users/add-email-link';

interface UnsavedAccessNoticeProps {
  user: CurrentUser;
  groupCount: number;
}

/**
 * Spec 1 section 2/4: a red pulsing notice while the rider has no e-mail but has something to
 * lose. Closing hides it for the life of this component only (not persisted).
 */
export function UnsavedAccessNotice({ user, groupCount }: UnsavedAccessNoticeProps) {
  const { t } = useLingui();
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !needsSavedAccess(user, groupCount)) return null;

  return (
    <div
      role="alert"
      className="flex animate-alarm items-start gap-3 rounded-xl border border-red-700 bg-red-600 px-4 py-3 text-white sm:items-center"
    >
      <span className="relative mt-0.5 flex size-5 shrink-0 items-center justify-center sm:mt-0">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-white/40" aria-hidden="true" />
        <ShieldAlert className="relative size-5" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="text-sm font-semibold">
          <Trans>You have not yet saved access to your account</Trans>
        </p>
        <Link
          to={ADD_EMAIL_PATH}
          className="shrink-0 text-sm font-bold whitespace-nowrap text-white underline decoration-white/50 underline-offset-4 hover:decoration-white focus-visible:outline-white"
        >
          <Trans>Add email address →</Trans>
        </Link>
      </div>
      <button
        type="button"
        aria-label={t`Dismiss`}
        onClick={() => setDismissed(true)}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-red-100 transition-colors hover:bg-red-700 hover:text-white focus-visible:outline-white"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
