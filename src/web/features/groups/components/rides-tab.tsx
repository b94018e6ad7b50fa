import { useId } from 'react';
import { Route } from 'lucide-react';
import type { Ride } from '../../../../shared/rides/ride';
import { RideCard } from '../../../components/rides/ride-card';
import { useGroupRides } from '../../../api/groups';
import { RowsSkeleton, TabError, TabMessage } from './tab-states';
import { useLingui } from '@lingui/react/macro';

/**
 * The Rides tab: the group's rides (GET /api/groups/{id}/rides) as ride cards, what comes next
 * first (soonest first), then the rides that have ended (latest first) under a heading of their own.
 */
export function RidesTab({ groupId }: { groupId: string }) {
  const { t } = useLingui();
  const rides = useGroupRides(groupId);
  if (rides.isPending) return <RowsSkeleton label={t`Loading rides`} rows={2} />;
  if (rides.isLoadingError) return <TabError what="rides" onRetry={() => void rides.refetch()} />;
  if (rides.data.length === 0) return <TabMessage icon={<Route aria-hidden="true" />} title={t`No rides planned yet.`} />;

  // The server sends them in this order; a ride had ended if its end had passed when the list was read.
  const now = rides.dataUpdatedAt;
  const upcoming = rides.data.filter((ride) => Date.parse(ride.endDate) > now);
  const past = rides.data.filter((ride) => Date.parse(ride.endDate) <= now);
  if (past.length === 0) return <RideList label={t`Rides`} rides={upcoming} />;
  return (
    <div className="space-y-8">
      {upcoming.length > 0 ? <RideSection title={t`Upcoming rides`} rides={upcoming} /> : <TabMessage icon={<Route aria-hidden="true" />} title={t`No rides planned yet.`} />}
      <RideSection title={t`Past rides`} rides={past} />
    </div>
  );
}

function RideSection({ title, rides }: { title: string; rides: Ride[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-sm font-bold tracking-wide text-asphalt-500 uppercase">
        {title}
      </h2>
      <RideList label={title} rides={rides} />
    </section>
  );
}

function RideList({ label, rides }: { label: string; rides: Ride[] }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {rides.map((ride) => (
        <li key={ride.id} className="flex [&>article]:flex-1">
          <RideCard ride={ride} />
        </li>
      ))}
    </ul>
  );
}
