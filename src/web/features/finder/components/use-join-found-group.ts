import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useJoinGroup } from '../../../api/groups';
import type { FoundGroup } from '../../../api/finder';
import { joinAnswerToast } from '../../../lib/groups/join-answer';

/** Joining a group from the finder, saying in the toast what happened (joined, or asked to join). */
export function useJoinFoundGroup() {
  const { t, i18n } = useLingui();
  const joinGroup = useJoinGroup();

  function join(group: FoundGroup) {
    joinGroup.mutate(group.id, {
      onSuccess: (answer) => toast(joinAnswerToast(i18n, answer, group.name)),
      onError: (error) => {
        console.error('Failed to join group', error);
        toast({ title: t`Failed to join group`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  return { join, joiningId: joinGroup.isPending ? joinGroup.variables : undefined };
}
