import { RideDetailPage } from '../../features/rides/components/ride-detail-page';

/** /groups/{groupName}/rides/{rideName} and /rides/{rideId} */
export function Component() {
  return <RideDetailPage />;
}
