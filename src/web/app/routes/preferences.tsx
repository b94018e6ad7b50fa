import { PreferencesPage } from '../../features/users/components/preferences-page';

/** /preferences */
export function Component() {
  return <PreferencesPage />;
}
