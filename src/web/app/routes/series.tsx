import { SeriesPage } from '../../features/rides/components/series-page';

/** /series/{seriesId} */
export function Component() {
  return <SeriesPage />;
}
