import { FinderPage } from '../../features/finder/components/finder-page';

/** /finder */
export function Component() {
  return <FinderPage />;
}
