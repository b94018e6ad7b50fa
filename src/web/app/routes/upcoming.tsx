import { UpcomingRidesPage } from '../../features/rides/components/upcoming-rides-page';

/** /upcoming */
export function Component() {
  return <UpcomingRidesPage />;
}
