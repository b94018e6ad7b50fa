import { Link } from 'react-router';
import { ArrowLeft, MapPinOff } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { PageMessage } from '../../../components/ui/page-message';
import { Trans, useLingui } from '@lingui/react/macro';

/** The group page when the group does not exist (or was deleted). */
export function GroupNotFound() {
  const { t } = useLingui();
  return (
    <PageMessage
      icon={MapPinOff}
      title={t`Group not found`}
      text={t`This group doesn't exist, or it was deleted.`}
      className="max-w-lg pt-6 sm:pt-16"
      titleClassName="mt-5 text-2xl sm:text-3xl"
    >
      <Link to="/groups" className={buttonClasses('dark', 'lg', 'mt-6')}>
        <ArrowLeft aria-hidden="true" />
        <Trans>Back to Groups</Trans>
      </Link>
    </PageMessage>
  );
}

/** The group page while the group loads: the header's shape. */
export function GroupDetailSkeleton() {
  const { t } = useLingui();
  return (
    <LoadingRegion label={t`Loading group`}>
      <Skeleton className="mb-3 h-8 w-36" />
      <div className="overflow-hidden rounded-2xl border border-asphalt-200/80 bg-white">
        <Skeleton className="h-16 rounded-none sm:h-24" />
        <div className="px-4 pb-6 sm:px-6">
          <Skeleton className="relative -mt-10 size-20 rounded-2xl ring-4 ring-white sm:-mt-12 sm:size-24" />
          <Skeleton className="mt-4 h-7 w-1/2" />
          <Skeleton className="mt-3 h-4 w-3/4" />
          <Skeleton className="mt-4 h-4 w-2/3" />
        </div>
      </div>
      <Skeleton className="mt-6 h-11 w-full rounded-xl" />
    </LoadingRegion>
  );
}
