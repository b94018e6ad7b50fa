import { useParams } from 'react-router';
import { GroupDetailPage } from '../../features/groups/components/group-detail-page';
import { CreateInvitationDialog } from '../../features/invites/components/create-invitation-dialog';
import { OpenInvitations } from '../../features/invites/components/open-invitations';
import { PollsTab } from '../../features/polls/components/polls-tab';
import { useCurrentUser } from '../../api/users';

/**
 * /groups/{groupName}. Features do not import each other, so the page is composed here: the
 * groups feature's page with the polls feature's tab and the invites feature's dialog.
 */
export function Component() {
  const { groupName = '' } = useParams();
  const { data: user } = useCurrentUser();
  return (
    <GroupDetailPage
      key={groupName}
      slug={groupName}
      renderPolls={(group) => <PollsTab group={group} />}
      renderInviteDialog={({ group, open, onOpenChange }) => (
        <CreateInvitationDialog group={group} open={open} onOpenChange={onOpenChange} inviterFirstName={user?.firstName} />
      )}
      renderOpenInvitations={(group) => <OpenInvitations group={group} />}
    />
  );
}
