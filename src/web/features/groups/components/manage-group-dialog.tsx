import { useId, useState, type FormEvent } from 'react';
import type { Group } from '../../../../shared/groups/group';
import { TimezonePicker } from '../../../components/timezone-picker';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useUpdateGroup } from '../../../api/groups';
import { Trans, useLingui } from '@lingui/react/macro';

interface ManageGroupDialogProps {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The owner's manage dialog (spec 2 section 2): approval required and time zone. */
export function ManageGroupDialog({ group, open, onOpenChange }: ManageGroupDialogProps) {
  const { t } = useLingui();
  const approvalId = useId();
  const groupName = group.name;
  const timezoneId = useId();
  const update = useUpdateGroup();
  const [approval, setApproval] = useState(group.membershipApprovalRequired);
  const [timezone, setTimezone] = useState({ zone: group.timezone, offset: group.timezoneOffset, name: group.timezoneName });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      {
        groupId: group.id,
        settings: { membershipApprovalRequired: approval, timezone: timezone.zone, timezoneOffset: timezone.offset, timezoneName: timezone.name },
      },
      {
        onSuccess: () => {
          toast({ title: t`Settings updated`, description: t`${groupName} has been updated.`, variant: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          console.error('Failed to update settings', error);
          toast({ title: t`Failed to update settings`, description: errorMessageOf(error), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeading title={<Trans>Manage Group</Trans>} description={<Trans>Membership and time zone settings for {groupName}.</Trans>} />
        <form onSubmit={handleSubmit} className="space-y-5">
          <div className="flex items-start gap-3 rounded-xl border border-asphalt-200 p-3.5">
            <Checkbox
              id={approvalId}
              checked={approval}
              onCheckedChange={(checked) => setApproval(checked === true)}
              aria-describedby={`${approvalId}-hint`}
              className="mt-0.5"
            />
            <div>
              <label htmlFor={approvalId} className="text-sm font-semibold text-asphalt-900">
                <Trans>Require approval for new members</Trans>
              </label>
              <p id={`${approvalId}-hint`} className="mt-0.5 text-xs text-asphalt-500">
                <Trans>Riders ask to join and wait until you approve them in Pending Members.</Trans>
              </p>
            </div>
          </div>
          <TimezonePicker
            id={timezoneId}
            label={t`Timezone`}
            value={timezone.zone}
            onChange={(tz) => setTimezone({ zone: tz.zone, offset: tz.offset, name: tz.name })}
          />
          <DialogFormActions submitting={update.isPending} submitLabel={t`Save Changes`} submittingLabel={t`Saving...`} className="pt-1" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
