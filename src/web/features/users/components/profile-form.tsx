import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { z } from 'zod';
import { Map as MapIcon, UserRound } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { USER_ID_MAX_CHANGES, type CurrentUser } from '../../../../shared/users/current-user';
import { userIdSchema } from '../../../../shared/users/profile';
import { LocationSearchInput } from '../../../components/location-search-input';
import { SelectLocationDialog } from '../../../components/select-location-dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { describedByOf, EmailAddressField, Field, FieldMessage } from '../../../components/ui/field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { usePlaceSearchPlaceholder } from '../../../api/app-config';
import { cn } from '../../../lib/cn';
import { nearPointOf, UNPLACED } from '../../../api/geocoding';
import { profileUpdateErrorText, type ProfileUpdateInput, useUpdateProfile } from '../../../api/users';
import { UsernameField, useUsernameCheck } from './username-field';
import { PendingEmailNotice } from './pending-email-notice';
import { FormSubmitRow } from '../../../components/ui/form-submit-row';

/** Spec 1 section 5, "Profile form" (the fields this form holds), its messages in the rider's language. */
export function profileFormSchema(i18n: I18n) {
  return z.object({
    userId: userIdSchema,
    email: z
      .string()
      .trim()
      .pipe(z.union([z.literal(''), z.email(i18n._(msg`Invalid email address`))])),
    firstName: z.string().trim().max(100, i18n._(msg`First name must be at most 100 characters`)),
    lastName: z.string().trim().max(100, i18n._(msg`Last name must be at most 100 characters`)),
    bio: z.string().trim().max(2000, i18n._(msg`Bio must be at most 2000 characters`)),
    location: z.string().trim().max(255, i18n._(msg`Location must be at most 255 characters`)),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  });
}
type FormInput = z.input<ReturnType<typeof profileFormSchema>>;
type FormOutput = z.output<ReturnType<typeof profileFormSchema>>;

function valuesOf(user: CurrentUser): FormInput {
  return {
    userId: user.userId,
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    latitude: user.latitude,
    longitude: user.longitude,
  };
}



/** What is sent: empty texts clear a field; an empty e-mail is left out (spec 1 section 5). */
export function profileUpdatesFrom(values: FormOutput, user: CurrentUser): ProfileUpdateInput {
  const updates: ProfileUpdateInput = {
    firstName: values.firstName || null,
    lastName: values.lastName || null,
    bio: values.bio || null,
    location: values.location || null,
    latitude: values.location ? values.latitude : null,
    longitude: values.location ? values.longitude : null,
  };
  if (values.userId !== user.userId) updates.userId = values.userId;
  if (values.email) updates.email = values.email;
  return updates;
}

interface ProfileFormProps {
  user: CurrentUser;
  /** Changes every time the e-mail field should pulse (highlight=email); null when it should not. */
  highlightEmail: number | null;
}

/** Preferences, right column: handle, e-mail, names, bio and location, saved with one PATCH. */
export function ProfileForm({ user, highlightEmail }: ProfileFormProps) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const emailRef = useRef<HTMLInputElement | null>(null);
  const [locationDialogOpen, setLocationDialogOpen] = useState(false);
  const update = useUpdateProfile(user.id);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(profileFormSchema(i18n)), defaultValues: valuesOf(user) });
  const { register, handleSubmit, formState, control, setValue, reset } = form;
  const errors = formState.errors;
  const typedUserId = useWatch({ control, name: 'userId' });
  const availability = useUsernameCheck(typedUserId, user.userId, user.id);
  const location = useWatch({ control, name: 'location' });
  const placeholder = usePlaceSearchPlaceholder();
  // A saved location without coordinates was kept as text only; typing clears that choice.
  const [locationTextOnly, setLocationTextOnly] = useState(() => Boolean(user.location?.trim()) && user.latitude === null);

  // Point at the e-mail field when asked to (highlight=email, or Send Magic Link without an e-mail).
  useEffect(() => {
    if (highlightEmail === null) return;
    emailRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [highlightEmail]);

  const emailField = register('email');

  function limitToast() {
    const maxChanges = USER_ID_MAX_CHANGES;
    toast({ title: t`Username change limit reached`, description: t`You can only change your username ${maxChanges} times.`, variant: 'destructive' });
  }

  function submit(values: FormOutput) {
    if (values.location && values.latitude === null && !locationTextOnly) {
      // A location is never saved somewhere the rider did not see.
      form.setError('location', { message: i18n._(UNPLACED) }, { shouldFocus: true });
      return;
    }
    const handleChanged = values.userId !== user.userId;
    if (handleChanged && user.userIdChangesCount >= USER_ID_MAX_CHANGES) {
      limitToast();
      return;
    }
    if (handleChanged && availability === 'taken') {
      toast({ title: t`Username not available`, description: t`This username is already taken. Please choose another.`, variant: 'destructive' });
      return;
    }
    update.mutate(profileUpdatesFrom(values, user), {
      onSuccess: (result) => {
        reset(valuesOf(result));
        const sentTo = result.emailConfirmationSentTo;
        if (sentTo) {
          toast({ title: t`Check your inbox`, description: t`We sent a confirmation link to ${sentTo}.`, variant: 'success' });
        } else {
          toast({ title: t`Profile updated`, description: t`Your profile has been successfully updated.`, variant: 'success' });
        }
      },
      onError: (error) => {
        if (errorCodeOf(error) === 'username_change_limit') {
          limitToast();
          return;
        }
        toast({ title: t`Update failed`, description: profileUpdateErrorText(error), variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby={`${ids}-title`}>
      <CardHeader titleId={`${ids}-title`} icon={<UserRound />} title={t`Profile Information`} description={t`How other riders see you, and how we reach you.`} />
      <CardBody>
        <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-5">
          <UsernameField registration={register('userId')} availability={availability} changesCount={user.userIdChangesCount} error={errors.userId?.message} />

          <EmailAddressField
            id={`${ids}-email`}
            aria-invalid={Boolean(errors.email) || undefined}
            aria-describedby={`${ids}-email-hint`}
            data-highlighted={highlightEmail !== null || undefined}
            className={cn(highlightEmail !== null && 'animate-alarm border-2 border-red-500 hover:border-red-500')}
            {...emailField}
            ref={(element) => {
              emailField.ref(element);
              emailRef.current = element;
            }}
          >
            <FieldMessage>{errors.email?.message}</FieldMessage>
            {user.pendingEmail ? (
              <PendingEmailNotice id={`${ids}-email-hint`} address={user.pendingEmail} />
            ) : (
              <p id={`${ids}-email-hint`} className="mt-1.5 text-xs text-asphalt-500">
                {user.email ? (
                  <Trans>A new address takes effect once you confirm it from your inbox.</Trans>
                ) : (
                  <Trans>Add an email address to keep access to your account.</Trans>
                )}
              </p>
            )}
          </EmailAddressField>

          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <FormTextField id={`${ids}-first`} form={form} name="firstName" label={t`First Name`} autoComplete="given-name" />
            <FormTextField id={`${ids}-last`} form={form} name="lastName" label={t`Last Name`} autoComplete="family-name" />
          </div>

          <Field id={`${ids}-bio`} label={t`Bio`} error={errors.bio?.message}>
            <Textarea id={`${ids}-bio`} rows={4} placeholder={t`What do you ride, and where do you like to ride it?`} aria-invalid={Boolean(errors.bio) || undefined} {...register('bio')} />
          </Field>

          <Field id={`${ids}-location`} label={t`Location`} error={errors.location?.message}>
            <div className="flex gap-2">
              <LocationSearchInput
                id={`${ids}-location`}
                className="min-w-0 flex-1"
                placeholder={placeholder}
                value={location}
                invalid={Boolean(errors.location)}
                describedBy={describedByOf(`${ids}-location`, errors.location)}
                onTextChange={(text) => {
                  setValue('location', text, { shouldDirty: true });
                  // Typed text has no coordinates until a place is chosen.
                  setValue('latitude', null, { shouldDirty: true });
                  setValue('longitude', null, { shouldDirty: true });
                  setLocationTextOnly(false);
                }}
                onSelect={(place) => {
                  setValue('latitude', place.latitude, { shouldDirty: true });
                  setValue('longitude', place.longitude, { shouldDirty: true });
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
              />
              <Button variant="secondary" size="icon" className="size-11" aria-label={t`Select Location`} title={t`Select Location`} onClick={() => setLocationDialogOpen(true)}>
                <MapIcon aria-hidden="true" />
              </Button>
            </div>
          </Field>

          <FormSubmitRow pending={update.isPending} label={t`Save Changes`} />
        </form>
      </CardBody>
      <SelectLocationDialog
        open={locationDialogOpen}
        onOpenChange={setLocationDialogOpen}
        onSelect={(place) => {
          setValue('location', place.address, { shouldDirty: true });
          setValue('latitude', place.latitude, { shouldDirty: true });
          setValue('longitude', place.longitude, { shouldDirty: true });
          setLocationTextOnly(false);
          form.clearErrors('location');
        }}
      />
    </Card>
  );
}
