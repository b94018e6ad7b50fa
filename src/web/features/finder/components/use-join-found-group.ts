import { useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useJoinGroup } from '../../../api/groups';
import type { FoundGroup } from '../../../api/finder';

/** Joining a group from the finder, with the server's message in the toast (joined, or asked to join). */
export function useJoinFoundGroup() {
  const { t } = useLingui();
  const joinGroup = useJoinGroup();

  function join(group: FoundGroup) {
    joinGroup.mutate(group.id, {
      onSuccess: (answer) => toast({ title: answer.status === 'pending' ? t`Request sent` : t`Joined group`, description: answer.message, variant: 'success' }),
      onError: (error) => {
        console.error('Failed to join group', error);
        toast({ title: t`Failed to join group`, description: errorMessageOf(error), variant: 'destructive' });
      },
    });
  }

  return { join, joiningId: joinGroup.isPending ? joinGroup.variables : undefined };
}
