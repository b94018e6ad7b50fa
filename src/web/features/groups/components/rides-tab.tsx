import { Route } from 'lucide-react';
import { RideCard } from '../../../components/rides/ride-card';
import { useGroupRides } from '../../../api/groups';
import { RowsSkeleton, TabError, TabMessage } from './tab-states';

/** The Rides tab: the group's rides (GET /api/groups/{id}/rides) as ride cards. */
export function RidesTab({ groupId }: { groupId: string }) {
  const rides = useGroupRides(groupId);
  if (rides.isPending) return <RowsSkeleton label="Loading rides" rows={2} />;
  if (rides.isError) return <TabError what="rides" onRetry={() => void rides.refetch()} />;
  if (rides.data.length === 0) return <TabMessage icon={<Route aria-hidden="true" />} title="No rides planned yet." />;

  return (
    <ul aria-label="Rides" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {rides.data.map((ride) => (
        <li key={ride.id} className="flex [&>article]:flex-1">
          <RideCard ride={ride} />
        </li>
      ))}
    </ul>
  );
}
