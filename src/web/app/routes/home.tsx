import { Trans, useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../../api/users';
import { DashboardContent } from '../../features/dashboard/components/dashboard-page';
import { PageHeader } from '../../components/ui/page-header';

/** "/": the dashboard (spec 2 section 2). */
export function Component() {
  const { data: user, isPending } = useCurrentUser();
  const { t } = useLingui();
  return (
    <section aria-labelledby="dashboard-title">
      <PageHeader titleId="dashboard-title" title={t`Dashboard`} description={t`Plan your next adventure on two wheels`} />
      {isPending ? <p className="mt-6 text-sm text-asphalt-500"><Trans>Loading user data...</Trans></p> : user ? <DashboardContent /> : null}
    </section>
  );
}
