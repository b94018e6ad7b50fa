import { useCurrentUser } from '../../api/users';
import { DashboardContent } from '../../features/dashboard/components/dashboard-page';
import { PageHeader } from '../../components/ui/page-header';

/** "/": the dashboard (spec 2 section 2). */
export function Component() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <section aria-labelledby="dashboard-title">
      <PageHeader titleId="dashboard-title" title="Dashboard" description="Plan your next adventure on two wheels" />
      {isPending ? <p className="mt-6 text-sm text-asphalt-500">Loading user data...</p> : user ? <DashboardContent /> : null}
    </section>
  );
}
