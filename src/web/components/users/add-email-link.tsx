import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { cn } from '../../lib/cn';

/** Preferences with the e-mail field pulsing: where a guest adds the address that saves their access. */
export const ADD_EMAIL_PATH = '/preferences?highlight=email';

/**
 * "Add email address →" under a guest's upload refused for their network's daily guest total
 * (the answer's `code`, `isGuestUploadTotalError`): an address lifts them to a rider's own limit.
 */
export function AddEmailLink({ className }: { className?: string }) {
  return (
    <Link to={ADD_EMAIL_PATH} className={cn('inline-block font-bold text-red-800 underline decoration-red-800/40 underline-offset-4 hover:decoration-red-800', className)}>
      <Trans>Add email address →</Trans>
    </Link>
  );
}

/** An upload's refusal, read out as an alert, with "Add email address →" after it where an address lifts the limit. */
export function UploadRefusal({ message, offerEmail, className }: { message: string; offerEmail: boolean; className: string }) {
  return (
    <p role="alert" className={className}>
      {message}
      {offerEmail ? (
        <>
          {' '}
          <AddEmailLink />
        </>
      ) : null}
    </p>
  );
}
