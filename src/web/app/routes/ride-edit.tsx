import { RideEditPage } from '../../features/rides/components/ride-edit-page';

/** /groups/{groupName}/rides/{rideName}/edit and /rides/{rideId}/edit */
export function Component() {
  return <RideEditPage />;
}
