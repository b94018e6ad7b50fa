import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import type { z } from 'zod';
import {
  createGroupSchema,
  GROUP_NAME_TAKEN,
  GROUP_RADIUS_DEFAULT,
  GROUP_RADIUS_SLIDER,
} from '../../../../shared/groups/group';
import { browserZone, zoneChoice } from '../../../lib/time-zones';
import { TimezoneField } from '../../../components/timezone-field';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { FieldMessage } from '../../../components/ui/field';
import { Slider } from '../../../components/ui/slider';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCreateGroup } from '../../../api/groups';
import { useUploadGroupImage } from '../../../api/media';
import { checkLocationPlaced, GroupDetailsFields } from './group-details-fields';
import { uploadChosenImage, useChosenImage } from './group-image-picker';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLocale } from '../../../lib/i18n/i18n';

type FormInput = z.input<typeof createGroupSchema>;
type FormOutput = z.output<typeof createGroupSchema>;

function defaultValues(): FormInput {
  return {
    name: '',
    description: '',
    location: '',
    latitude: null,
    longitude: null,
    radiusKm: GROUP_RADIUS_DEFAULT,
    membershipApprovalRequired: false,
    // No zone chosen: the server takes the zone of the group's location. The spec's offset and
    // city sent beside it are the browser's, for the rare group kept without coordinates.
    timezone: '',
    timezoneOffset: zoneChoice(browserZone()).timezoneOffset,
    timezoneName: zoneChoice(browserZone()).timezoneName,
  };
}

interface CreateGroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The create-group dialog (spec 2 sections 2, 5 and 8). The optional image is uploaded after the
 * group exists; if that upload fails the group stays and the toast says so.
 */
export function CreateGroupDialog({ open, onOpenChange }: CreateGroupDialogProps) {
  const { t } = useLingui();
  const ids = { radius: useId(), approval: useId(), timezone: useId() };
  const createGroup = useCreateGroup();
  const uploadImage = useUploadGroupImage();
  const chosenImage = useChosenImage();
  const image = chosenImage.image;
  // The rider chose to keep the typed base location as text only (not on the map).
  const [locationTextOnly, setLocationTextOnly] = useState(false);

  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createGroupSchema), defaultValues: defaultValues() });
  const { errors, isSubmitting } = form.formState;

  function reset() {
    form.reset(defaultValues());
    chosenImage.clear();
    setLocationTextOnly(false);
  }

  function handleOpenChange(next: boolean) {
    if (!next && isSubmitting) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function submit(values: FormOutput) {
    if (!checkLocationPlaced(form, values, locationTextOnly)) return;
    const { creatorId: _ignored, ...payload } = values;
    let group;
    try {
      group = await createGroup.mutateAsync(payload);
    } catch (error) {
      console.error('Failed to create group', error);
      const taken = error instanceof ApiError && error.status === 409;
      if (taken) form.setError('name', { message: GROUP_NAME_TAKEN }, { shouldFocus: true });
      toast({ title: t`Failed to create group`, description: taken ? errorMessageOf(error) : t`Please try again later.`, variant: 'destructive' });
      return;
    }

    const imageFailed = await uploadChosenImage(uploadImage.mutateAsync, group.id, image);
    toast(
      imageFailed
        ? { title: t`Group created`, description: t`Group created successfully, but image upload failed. You can add an image later.` }
        : { title: t`Group created`, description: t`Your riding group has been successfully created!`, variant: 'success' },
    );
    reset();
    onOpenChange(false);
  }

  const radius = useWatch({ control: form.control, name: 'radiusKm' }) ?? GROUP_RADIUS_DEFAULT;
  /** "50 km" in the rider's number format. */
  const km = (value: number) => {
    const distance = value.toLocaleString(formatLocale());
    return t`${distance} km`;
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent size="lg">
        <DialogHeading title={<Trans>Create Group</Trans>} description={<Trans>Start a riding group: pick a home base and invite your crew.</Trans>} />

        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
          <GroupDetailsFields form={form} image={chosenImage} locationTextOnly={locationTextOnly} onLocationTextOnlyChange={setLocationTextOnly} />

          <div>
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <span id={ids.radius} className="text-sm font-semibold text-asphalt-800">
                <Trans>Riding Radius</Trans>
              </span>
              <span className="text-sm font-bold text-asphalt-900 tabular-nums">{km(radius)}</span>
            </div>
            <Controller
              control={form.control}
              name="radiusKm"
              render={({ field }) => (
                <Slider
                  aria-labelledby={ids.radius}
                  thumbLabel={t`Riding Radius`}
                  thumbValueText={km(field.value ?? GROUP_RADIUS_DEFAULT)}
                  min={GROUP_RADIUS_SLIDER.min}
                  max={GROUP_RADIUS_SLIDER.max}
                  step={GROUP_RADIUS_SLIDER.step}
                  value={[field.value ?? GROUP_RADIUS_DEFAULT]}
                  onValueChange={([value]) => field.onChange(value)}
                />
              )}
            />
            <div className="mt-1.5 flex justify-between text-xs text-asphalt-500 tabular-nums">
              <span>{km(GROUP_RADIUS_SLIDER.min)}</span>
              <span>{km(GROUP_RADIUS_SLIDER.max)}</span>
            </div>
            <FieldMessage>{errors.radiusKm?.message}</FieldMessage>
          </div>

          <Controller
            control={form.control}
            name="membershipApprovalRequired"
            render={({ field }) => (
              <div className="flex items-start gap-3 rounded-xl border border-asphalt-200 p-3.5">
                <Checkbox
                  id={ids.approval}
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  aria-describedby={`${ids.approval}-hint`}
                  className="mt-0.5"
                />
                <div>
                  <label htmlFor={ids.approval} className="text-sm font-semibold text-asphalt-900">
                    <Trans>Require approval for new members</Trans>
                  </label>
                  <p id={`${ids.approval}-hint`} className="mt-0.5 text-xs text-asphalt-500">
                    <Trans>Riders ask to join and wait until you approve them.</Trans>
                  </p>
                </div>
              </div>
            )}
          />

          <TimezoneField form={form} id={ids.timezone} placeholder={t`From the group's location`} />

          <DialogFormActions submitting={isSubmitting} submitLabel={t`Create Group`} submittingLabel={t`Creating...`} />
        </form>

      </DialogContent>
    </Dialog>
  );
}
