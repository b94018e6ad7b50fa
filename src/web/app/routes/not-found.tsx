import { useLingui } from '@lingui/react/macro';
import { BackToDashboard, PageMessage } from '../../components/ui/page-message';

/** Any path without a screen (yet). */
export function Component() {
  const { t } = useLingui();
  return (
    <PageMessage
      art={<DeadEndSign />}
      title={t`404 Page Not Found`}
      text={t`This road doesn't go anywhere. Let's get you back on route.`}
      className="max-w-lg pt-10 sm:pt-20"
      titleClassName="mt-6 text-3xl"
    >
      <BackToDashboard />
    </PageMessage>
  );
}

/** A dead-end road sign. */
function DeadEndSign() {
  return (
    <svg viewBox="0 0 96 96" aria-hidden="true" className="size-24">
      <rect x="45" y="60" width="6" height="34" rx="2" fill="#5d636e" />
      <path d="M48 4 L82 38 L48 72 L14 38 Z" fill="#f98612" stroke="#17191e" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 54V31M37 27h22" stroke="#17191e" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
