import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '../../../../shared/groups/group';
import { ConfirmDialogFor } from '../../../components/ui/confirm-dialog';

interface LeaveGroupQuestionProps {
  subject: Pick<Group, 'id' | 'name'> | null;
  onClose: () => void;
  pending: boolean;
  onConfirm: (group: Pick<Group, 'id' | 'name'>) => void;
}

/**
 * "Leave Group" asks first: leaving also gives up the rider's seats on the group's rides that have
 * not started (the first rider waiting takes each), which cannot be taken back by joining again.
 */
export function LeaveGroupQuestion(props: LeaveGroupQuestionProps) {
  const { t } = useLingui();
  return (
    <ConfirmDialogFor
      {...props}
      title={t`Leave this group?`}
      description={(group) => {
        const groupName = group.name;
        return (
          <Trans>
            You leave <strong className="font-bold [overflow-wrap:anywhere] text-asphalt-900">{groupName}</strong> and give up your seats on its rides
            that have not started; riders waiting take them.
          </Trans>
        );
      }}
      confirmLabel={t`Leave Group`}
      pendingLabel={t`Leaving...`}
    />
  );
}
