import { SignedOutPage } from '../../features/auth/components/signed-out-page';

/** /signed-out: where Logout leads; outside the shell, so no guest is made. */
export function Component() {
  return <SignedOutPage />;
}
