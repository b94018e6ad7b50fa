import { MyGroupsPage } from '../../features/groups/components/my-groups-page';

/** /groups (and /groups?action=create, which opens the create-group dialog). */
export function Component() {
  return <MyGroupsPage />;
}
