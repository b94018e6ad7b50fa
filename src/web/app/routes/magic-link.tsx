import { MagicLinkVerification } from '../../features/auth/components/magic-link-verification';

/** /auth/magic-link?token=... */
export function Component() {
  return <MagicLinkVerification />;
}
