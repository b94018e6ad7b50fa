import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ImagePlus, Trash2 } from 'lucide-react';
import {
  createGroupSchema,
  GROUP_NAME_TAKEN,
  GROUP_RADIUS_DEFAULT,
  GROUP_RADIUS_SLIDER,
} from '../../../../shared/groups/group';
import { DEFAULT_TIMEZONE } from '../../../../shared/timezones/timezones';
import { MB } from '../../../../shared/media/limits';
import { ImageCropDialog } from '../../../components/image-crop-dialog';
import { LocationSearchInput } from '../../../components/location-search-input';
import { TimezoneField } from '../../../components/timezone-field';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { FieldMessage, TextField } from '../../../components/ui/field';
import { Label } from '../../../components/ui/input';
import { Slider } from '../../../components/ui/slider';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { usePlaceSearchPlaceholder } from '../../../lib/app-config';
import { useCurrentUser } from '../../../lib/current-user';
import { nearPointOf, UNPLACED_MESSAGE } from '../../../lib/location-search';
import { useCreateGroup } from '../api/create-group';
import { useUploadGroupImage } from '../api/upload-group-image';

type FormInput = z.input<typeof createGroupSchema>;
type FormOutput = z.output<typeof createGroupSchema>;

/** Group images: cropped square (initial crop 90% wide), exported as a JPEG at most 800 px wide, quality 0.9. */
const GROUP_IMAGE_SIZE_PX = 800;
const GROUP_IMAGE_MAX_BYTES = 10 * MB;

function defaultValues(): FormInput {
  return {
    name: '',
    description: '',
    location: '',
    latitude: null,
    longitude: null,
    radiusKm: GROUP_RADIUS_DEFAULT,
    membershipApprovalRequired: false,
    timezoneOffset: DEFAULT_TIMEZONE.offset,
    timezoneName: DEFAULT_TIMEZONE.name,
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
  const ids = { name: useId(), description: useId(), location: useId(), radius: useId(), approval: useId(), timezone: useId() };
  const createGroup = useCreateGroup();
  const uploadImage = useUploadGroupImage();
  const [image, setImage] = useState<{ blob: Blob; url: string } | null>(null);
  const [cropOpen, setCropOpen] = useState(false);
  // The rider chose to keep the typed base location as text only (not on the map).
  const [locationTextOnly, setLocationTextOnly] = useState(false);
  const placeholder = usePlaceSearchPlaceholder();
  const { data: user } = useCurrentUser();

  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createGroupSchema), defaultValues: defaultValues() });
  const { errors, isSubmitting } = form.formState;

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.url);
  }, [image]);

  function reset() {
    form.reset(defaultValues());
    setImage(null);
    setLocationTextOnly(false);
  }

  function handleOpenChange(next: boolean) {
    if (!next && isSubmitting) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function submit(values: FormOutput) {
    if (values.location.trim() && (values.latitude === null || values.latitude === undefined) && !locationTextOnly) {
      // A base location is never saved somewhere the rider did not see.
      form.setError('location', { message: UNPLACED_MESSAGE }, { shouldFocus: true });
      return;
    }
    const { creatorId: _ignored, ...payload } = values;
    let group;
    try {
      group = await createGroup.mutateAsync(payload);
    } catch (error) {
      console.error('Failed to create group', error);
      const taken = error instanceof ApiError && error.status === 409;
      if (taken) form.setError('name', { message: GROUP_NAME_TAKEN }, { shouldFocus: true });
      toast({ title: 'Failed to create group', description: taken ? errorMessageOf(error) : 'Please try again later.', variant: 'destructive' });
      return;
    }

    let imageFailed = false;
    if (image) {
      try {
        await uploadImage.mutateAsync({ groupId: group.id, image: image.blob });
      } catch (error) {
        console.error('Group image upload failed', error);
        imageFailed = true;
      }
    }
    toast(
      imageFailed
        ? { title: 'Group created', description: 'Group created successfully, but image upload failed. You can add an image later.' }
        : { title: 'Group created', description: 'Your riding group has been successfully created!', variant: 'success' },
    );
    reset();
    onOpenChange(false);
  }

  const radius = form.watch('radiusKm') ?? GROUP_RADIUS_DEFAULT;

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Create Group</DialogTitle>
          <DialogDescription>Start a riding group: pick a home base and invite your crew.</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
          <TextField
            id={ids.name}
            label="Group Name"
            error={errors.name?.message}
            autoComplete="off"
            placeholder="e.g. Sunday Twisties"
            {...form.register('name')}
          />

          <div>
            <Label htmlFor={ids.description}>
              Description <span className="font-normal text-asphalt-500">(optional)</span>
            </Label>
            <Textarea
              id={ids.description}
              rows={3}
              placeholder="What kind of riding do you do? Where do you meet?"
              aria-invalid={errors.description ? true : undefined}
              {...form.register('description')}
            />
            <FieldMessage>{errors.description?.message}</FieldMessage>
          </div>

          <div>
            <span className="mb-1.5 block text-sm font-semibold text-asphalt-800">
              Group Image <span className="font-normal text-asphalt-500">(optional)</span>
            </span>
            <div className="flex items-center gap-3">
              {image ? (
                <img src={image.url} alt="Group image preview" className="size-16 shrink-0 rounded-xl object-cover ring-1 ring-asphalt-200" />
              ) : (
                <span className="flex size-16 shrink-0 items-center justify-center rounded-xl border-2 border-dashed border-asphalt-200 text-asphalt-400">
                  <ImagePlus className="size-6" aria-hidden="true" />
                </span>
              )}
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" onClick={() => setCropOpen(true)}>
                  <ImagePlus aria-hidden="true" />
                  {image ? 'Change Image' : 'Add Image'}
                </Button>
                {image ? (
                  <Button variant="ghost" size="sm" onClick={() => setImage(null)}>
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                ) : null}
              </div>
            </div>
          </div>

          <div>
            <Controller
              control={form.control}
              name="location"
              render={({ field }) => (
                <LocationSearchInput
                  id={ids.location}
                  label="Base Location"
                  placeholder={placeholder}
                  value={field.value}
                  onTextChange={(text) => {
                    field.onChange(text);
                    form.setValue('latitude', null);
                    form.setValue('longitude', null);
                    setLocationTextOnly(false);
                  }}
                  onSelect={(place) => {
                    form.setValue('latitude', place.latitude);
                    form.setValue('longitude', place.longitude);
                    form.setValue('location', place.address);
                    form.clearErrors('location');
                  }}
                  near={nearPointOf(user)}
                  resolve={{
                    textOnly: locationTextOnly,
                    onKeepTextOnly: () => {
                      setLocationTextOnly(true);
                      form.clearErrors('location');
                    },
                  }}
                  minChars={3}
                  debounceMs={300}
                  invalid={Boolean(errors.location)}
                  describedBy={`${ids.location}-${errors.location ? 'error' : 'hint'}`}
                />
              )}
            />
            {errors.location ? (
              <FieldMessage id={`${ids.location}-error`}>{errors.location.message}</FieldMessage>
            ) : (
              <FieldMessage id={`${ids.location}-hint`} tone="hint">
                Choose a place from the suggestions so riders nearby can find your group.
              </FieldMessage>
            )}
          </div>

          <div>
            <div className="mb-2 flex items-baseline justify-between gap-2">
              <span id={ids.radius} className="text-sm font-semibold text-asphalt-800">
                Riding Radius
              </span>
              <span className="text-sm font-bold text-asphalt-900 tabular-nums">{radius} km</span>
            </div>
            <Controller
              control={form.control}
              name="radiusKm"
              render={({ field }) => (
                <Slider
                  aria-labelledby={ids.radius}
                  thumbLabel="Riding Radius"
                  thumbValueText={`${field.value ?? GROUP_RADIUS_DEFAULT} km`}
                  min={GROUP_RADIUS_SLIDER.min}
                  max={GROUP_RADIUS_SLIDER.max}
                  step={GROUP_RADIUS_SLIDER.step}
                  value={[field.value ?? GROUP_RADIUS_DEFAULT]}
                  onValueChange={([value]) => field.onChange(value)}
                />
              )}
            />
            <div className="mt-1.5 flex justify-between text-xs text-asphalt-500 tabular-nums">
              <span>{GROUP_RADIUS_SLIDER.min} km</span>
              <span>{GROUP_RADIUS_SLIDER.max} km</span>
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
                    Require approval for new members
                  </label>
                  <p id={`${ids.approval}-hint`} className="mt-0.5 text-xs text-asphalt-500">
                    Riders ask to join and wait until you approve them.
                  </p>
                </div>
              </div>
            )}
          />

          <TimezoneField form={form} id={ids.timezone} />

          <DialogFormActions submitting={isSubmitting} submitLabel="Create Group" submittingLabel="Creating..." />
        </form>

        <ImageCropDialog
          open={cropOpen}
          onOpenChange={setCropOpen}
          title="Group Image"
          description="Choose a square image for your group."
          aspect={1}
          initialWidthPercent={90}
          minSizePx={50}
          maxBytes={GROUP_IMAGE_MAX_BYTES}
          output={{ maxWidth: GROUP_IMAGE_SIZE_PX }}
          saveLabel="Use Image"
          savingLabel="Cropping..."
          onCropped={(blob) => {
            setImage({ blob, url: URL.createObjectURL(blob) });
            return Promise.resolve();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
