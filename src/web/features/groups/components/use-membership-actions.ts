import type { Group } from '../../../../shared/groups/group';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useJoinGroup, useLeaveGroup } from '../../../api/groups';
import { joinAnswerToast } from '../../../lib/groups/join-answer';
import { useQuestionAbout } from '../../../components/ui/use-question-about';

type JoinFailureTitle = 'Failed to join group' | 'Failed to Join Group';

/**
 * Join and leave with their messages. Leaving asks first (render `leaveQuestion` in a
 * LeaveGroupQuestion): it gives up the rider's seats on the group's rides. The card menu says 'Failed to join group'; the group page's
 * join prompt says 'Failed to Join Group' with the server's message (spec 2 section 8).
 */
export function useMembershipActions({ joinFailureTitle = 'Failed to join group' }: { joinFailureTitle?: JoinFailureTitle } = {}) {
  const { t, i18n } = useLingui();
  const joinMutation = useJoinGroup();
  const leaveMutation = useLeaveGroup();
  const leaving = useQuestionAbout<Pick<Group, 'id' | 'name'>>();

  function join(group: Pick<Group, 'id' | 'name'>) {
    const groupName = group.name;
    joinMutation.mutate(group.id, {
      onSuccess: (result) => {
        toast(
          result.status === 'pending'
            ? joinAnswerToast(i18n, result, groupName)
            : { title: t`Welcome aboard!`, description: t`You joined ${groupName}.`, variant: 'success' },
        );
      },
      onError: (error) => {
        console.error('Failed to join group', error);
        toast({ title: joinFailureTitle === 'Failed to Join Group' ? t`Failed to Join Group` : t`Failed to join group`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  function confirmLeave(group: Pick<Group, 'id' | 'name'>) {
    const groupName = group.name;
    leaveMutation.mutate(group.id, {
      onSettled: leaving.close,
      onSuccess: () => toast({ title: t`Left group`, description: t`You left ${groupName}.` }),
      onError: (error) => {
        console.error('Failed to leave group', error);
        toast({ title: t`Failed to leave group`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  /** A pending applicant takes their request back (the same call as leaving). */
  function withdraw(group: Pick<Group, 'id' | 'name'>) {
    const groupName = group.name;
    leaveMutation.mutate(group.id, {
      onSuccess: () => toast({ title: t`Request withdrawn`, description: t`You are no longer asking to join ${groupName}.` }),
      onError: (error) => {
        console.error('Failed to withdraw request', error);
        toast({ title: t`Failed to withdraw request`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  return {
    join,
    leave: (group: Pick<Group, 'id' | 'name'>) => leaving.ask(group),
    leaveQuestion: { ...leaving.dialog, pending: leaveMutation.isPending, onConfirm: confirmLeave },
    withdraw,
    joiningId: joinMutation.isPending ? joinMutation.variables : undefined,
    leavingId: leaveMutation.isPending ? leaveMutation.variables : undefined,
  };
}
