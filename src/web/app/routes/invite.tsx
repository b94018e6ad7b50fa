import { useParams } from 'react-router';
import { InvitationLanding } from '../../features/invites/components/invitation-landing';

/** /invite/{token}: the invitation landing (the welcome dialog is not shown here). */
export function Component() {
  const { token = '' } = useParams();
  return <InvitationLanding key={token} token={token} />;
}
