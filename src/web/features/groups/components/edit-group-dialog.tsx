import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import type { z } from 'zod';
import { editGroupSchema, GROUP_NAME_TAKEN, type Group } from '../../../../shared/groups/group';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useUpdateGroup } from '../../../api/groups';
import { useUploadGroupImage } from '../../../api/media';
import { checkLocationPlaced, GroupDetailsFields } from './group-details-fields';
import { uploadChosenImage, useChosenImage } from './group-image-picker';
import { Trans, useLingui } from '@lingui/react/macro';

type FormInput = z.input<typeof editGroupSchema>;
type FormOutput = z.output<typeof editGroupSchema>;

interface EditGroupDialogProps {
  group: Group;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group after the change (a new name moves its address). */
  onSaved: (group: Group) => void;
}

/**
 * The owner's Edit Group dialog: name, description, base location and image (the Manage dialog
 * keeps the membership and time zone settings). A new image is uploaded after the rest is saved;
 * if that upload fails the rest stays saved and the toast says so.
 */
export function EditGroupDialog({ group, open, onOpenChange, onSaved }: EditGroupDialogProps) {
  const { t } = useLingui();
  const update = useUpdateGroup();
  const uploadImage = useUploadGroupImage();
  const chosenImage = useChosenImage();
  // A group saved without coordinates kept its location as text only.
  const [locationTextOnly, setLocationTextOnly] = useState(group.latitude === null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(editGroupSchema),
    defaultValues: { name: group.name, description: group.description ?? '', location: group.location, latitude: group.latitude, longitude: group.longitude },
  });
  const { isSubmitting } = form.formState;
  const groupName = group.name;

  async function submit(values: FormOutput) {
    if (!checkLocationPlaced(form, values, locationTextOnly)) return;
    let saved: Group;
    try {
      saved = await update.mutateAsync({
        groupId: group.id,
        settings: { ...values, description: values.description ?? null, latitude: values.latitude ?? null, longitude: values.longitude ?? null },
      });
    } catch (error) {
      console.error('Failed to update group', error);
      const taken = error instanceof ApiError && error.status === 409;
      if (taken) form.setError('name', { message: GROUP_NAME_TAKEN }, { shouldFocus: true });
      toast({ title: t`Failed to update group`, description: errorMessageOf(error), variant: 'destructive' });
      return;
    }
    const imageFailed = await uploadChosenImage(uploadImage.mutateAsync, group.id, chosenImage.image);
    const savedName = saved.name;
    toast(
      imageFailed
        ? { title: t`Group updated`, description: t`The changes were saved, but the image upload failed. You can try the image again.` }
        : { title: t`Group updated`, description: t`${savedName} has been updated.`, variant: 'success' },
    );
    onOpenChange(false);
    onSaved(saved);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (isSubmitting ? undefined : onOpenChange(next))}>
      <DialogContent size="lg">
        <DialogHeading title={<Trans>Edit Group</Trans>} description={<Trans>Name, description, base location and image of {groupName}.</Trans>} />
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
          <GroupDetailsFields
            form={form}
            image={chosenImage}
            currentImageUrl={group.groupImageUrl}
            locationTextOnly={locationTextOnly}
            onLocationTextOnlyChange={setLocationTextOnly}
          />
          <DialogFormActions submitting={isSubmitting} submitLabel={t`Save Changes`} submittingLabel={t`Saving...`} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
