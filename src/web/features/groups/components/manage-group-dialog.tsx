import { useId, useState, type FormEvent } from 'react';
import type { Group } from '../../../../shared/groups/group';
import { TimezonePicker } from '../../../components/timezone-picker';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useUpdateGroup } from '../../../api/groups';

interface ManageGroupDialogProps {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The owner's manage dialog (spec 2 section 2): approval required and time zone. */
export function ManageGroupDialog({ group, open, onOpenChange }: ManageGroupDialogProps) {
  const approvalId = useId();
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
          toast({ title: 'Settings updated', description: `${group.name} has been updated.`, variant: 'success' });
          onOpenChange(false);
        },
        onError: (error) => {
          console.error('Failed to update settings', error);
          toast({ title: 'Failed to update settings', description: errorMessageOf(error), variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (update.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Group</DialogTitle>
          <DialogDescription>Membership and time zone settings for {group.name}.</DialogDescription>
        </DialogHeader>
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
                Require approval for new members
              </label>
              <p id={`${approvalId}-hint`} className="mt-0.5 text-xs text-asphalt-500">
                Riders ask to join and wait until you approve them in Pending Members.
              </p>
            </div>
          </div>
          <TimezonePicker
            id={timezoneId}
            label="Timezone"
            value={timezone.zone}
            onChange={(tz) => setTimezone({ zone: tz.zone, offset: tz.offset, name: tz.name })}
          />
          <DialogFormActions submitting={update.isPending} submitLabel="Save Changes" submittingLabel="Saving..." className="pt-1" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
