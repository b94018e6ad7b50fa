import { useCurrentUser } from '../../lib/current-user';
import { DashboardContent } from '../../features/dashboard/components/dashboard-page';

/** "/": the dashboard (spec 2 section 2). */
export function Component() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <section aria-labelledby="dashboard-title">
      <header>
        <h1 id="dashboard-title" className="text-3xl font-black tracking-tight text-asphalt-950 sm:text-4xl">
          Dashboard
        </h1>
        <p className="mt-1.5 text-base text-asphalt-600">Plan your next adventure on two wheels</p>
      </header>
      {isPending ? <p className="mt-6 text-sm text-asphalt-500">Loading user data...</p> : user ? <DashboardContent /> : null}
    </section>
  );
}
