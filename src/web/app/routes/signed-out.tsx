import { SignedOutPage } from '../../features/auth/components/signed-out-page';
import { useBootShellRemoved } from '../boot-shell';

/** /signed-out: where Logout leads; outside the shell, so no guest is made. */
export function Component() {
  useBootShellRemoved();
  return <SignedOutPage />;
}
