import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Group } from '../../../../shared/groups/group';
import { firstStartDay } from '../../../../shared/rides/ride-rules';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { useCurrentUser } from '../../../api/users';
import { nearPointOf } from '../../../api/geocoding';
import { useCreateRide } from '../../../api/rides';
import { myGroupsQueryOptions } from '../../../api/groups';
import { DialogFormActions } from '../../ui/dialog-form-actions';
import { describedByOf, Field } from '../../ui/field';
import { NativeSelect } from '../../ui/select';
import { toast } from '../../ui/toast';
import { RideFormFields } from './ride-form-fields';
import { browserZone, createRideFormSchema, emptyRideForm, rideFormFromPoll, type RideFormValues, type RideFromPoll, zoneChoice } from './ride-form-model';
import { isKnownZone } from '../../../../shared/timezones/zoned-time';
import { toCreatePayload } from './ride-form-payload';
import { initialRepeats, RepeatsFields, repeatsPayload } from './repeats-fields';
import { rideNoticeText } from '../../../lib/rides/ride-notice';

export type { RideFromPoll } from './ride-form-model';

export interface FixedGroup {
  id: string;
  name: string;
  timezoneOffset: string;
  timezoneName: string;
  /** The group's IANA zone: the ride's, unless the rider picks another. */
  timezone: string;
  /** The group's location: typed stops are looked up around it. */
  latitude?: number | null;
  longitude?: number | null;
}

export interface CreateRideFormProps {
  fixedGroup?: FixedGroup;
  /** "Plan this ride": the form starts filled from this closed poll, and the ride links back to it. */
  fromPoll?: RideFromPoll;
  /** Called after the ride was created (the dialog closes). */
  onCreated: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** Groups a rider may plan rides in: the ones they own or are a member of (not pending requests). */
export function rideableGroups(groups: readonly Group[] | undefined): Group[] {
  return (groups ?? []).filter((g) => g.abilities.createRide);
}

/**
 * The Create Ride form (spec 2 sections 2, 5 and 8), loaded lazily by CreateRideDialog. The time
 * zone starts from the fixed or chosen group's, else the browser's.
 */
export default function CreateRideForm({ fixedGroup, fromPoll, onCreated, onBusyChange }: CreateRideFormProps) {
  const { t, i18n } = useLingui();
  const groupFieldId = useId();
  const { data: user } = useCurrentUser();
  const createRide = useCreateRide();
  const groups = useQuery({ ...myGroupsQueryOptions(), enabled: !fixedGroup });
  const choices = useMemo(() => rideableGroups(groups.data), [groups.data]);

  const fixedId = fixedGroup?.id;
  const fixedZone = fixedGroup?.timezone;
  const fixedName = fixedGroup?.timezoneName;
  const initial = useMemo(() => {
    const empty = fixedId && fixedZone ? emptyRideForm(zoneChoice(fixedZone, fixedName), fixedId) : emptyRideForm(zoneChoice(browserZone()));
    return fromPoll ? rideFormFromPoll(empty, fromPoll) : empty;
  }, [fixedId, fixedZone, fixedName, fromPoll]);

  const form = useForm<RideFormValues>({ resolver: zodResolver(createRideFormSchema), defaultValues: initial });
  // "Repeats" (issue 29) stays beside the form's model: it is sent only on create, as `repeats`.
  const [repeats, setRepeats] = useState(() => initialRepeats(initial.startDay, Intl.DateTimeFormat().resolvedOptions().timeZone));
  const [repeatsError, setRepeatsError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const groupId = useWatch({ control: form.control, name: 'groupId' });
  // Typed stops are looked up around the ride's group, else around the rider.
  const chosenGroup = fixedGroup ?? choices.find((g) => g.id === groupId);
  const near = nearPointOf({ latitude: chosenGroup?.latitude ?? null, longitude: chosenGroup?.longitude ?? null }) ?? nearPointOf(user);

  // The dialog opened before this form loaded: put the focus on the first field, once.
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current) return;
    focused.current = true;
    if (fixedGroup) form.setFocus('name');
    else document.getElementById(groupFieldId)?.focus();
  }, [fixedGroup, form, groupFieldId]);

  async function submit(values: RideFormValues) {
    // A series keeps the ride's own zone (the form's picker), so its 09:00 stays 09:00 there.
    const series = repeatsPayload({ ...repeats, timezone: isKnownZone(timezone) ? timezone : repeats.timezone });
    setRepeatsError(series.error);
    if (series.error) return;
    onBusyChange(true);
    try {
      const created = await createRide.mutateAsync({ ...toCreatePayload(values, user?.id), ...(fromPoll ? { pollId: fromPoll.id } : {}), ...(series.repeats ? { repeats: series.repeats } : {}) });
      // A start the zone has twice that night (the autumn hour): the first was taken, and the rider is told.
      if (created.notice) toast({ title: t`Start time happens twice`, description: rideNoticeText(i18n, created.notice) });
    } catch (error) {
      console.error('Failed to create ride', error);
      if (error instanceof ApiError && error.status === 400 && repeats.on) setRepeatsError(serverMessageOf(error) ?? null);
      if (error instanceof ApiError && error.status === 409) {
        form.setError('name', { message: serverMessageOf(error) ?? t`A ride with this name already exists in the group` }, { shouldFocus: true });
      }
      toast({ title: t`Failed to create ride`, description: t`Please try again later.`, variant: 'destructive' });
      onBusyChange(false);
      return;
    }
    toast({ title: t`Ride created`, description: t`Your ride has been successfully created!`, variant: 'success' });
    form.reset(initial);
    setRepeats(initialRepeats(initial.startDay, repeats.timezone));
    onBusyChange(false);
    onCreated();
  }

  function chooseGroup(groupId: string) {
    form.setValue('groupId', groupId, { shouldDirty: true, shouldValidate: true });
    // Spec 2 section 4: the time zone defaults from the chosen group.
    const group = choices.find((g) => g.id === groupId);
    if (group) {
      const choice = zoneChoice(group.timezone, group.timezoneName);
      form.setValue('timezone', choice.timezone, { shouldValidate: true });
      form.setValue('timezoneOffset', choice.timezoneOffset, { shouldValidate: true });
      form.setValue('timezoneName', choice.timezoneName, { shouldValidate: true });
    }
  }

  const fixedGroupName = fixedGroup?.name;
  const groupField = fixedGroup ? (
    <div className="flex items-center gap-3 rounded-xl bg-asphalt-50 px-3.5 py-3">
      <Users className="size-4 shrink-0 text-asphalt-500" aria-hidden="true" />
      <p className="min-w-0 text-sm text-asphalt-700">
        <Trans>
          Group: <span className="font-bold text-asphalt-950">{fixedGroupName}</span>
        </Trans>
      </p>
    </div>
  ) : (
    <Field id={groupFieldId} label={t`Group`} error={errors.groupId?.message}>
      <NativeSelect
        id={groupFieldId}
        value={groupId}
        onChange={(event) => chooseGroup(event.target.value)}
        disabled={groups.isPending || choices.length === 0}
        aria-invalid={errors.groupId ? true : undefined}
        aria-describedby={describedByOf(groupFieldId, errors.groupId)}
      >
        {groups.isPending ? (
          <option value="">{t`Loading groups...`}</option>
        ) : choices.length === 0 ? (
          <option value="">{t`No groups available`}</option>
        ) : (
          <>
            <option value="" disabled>
              {t`Select a group`}
            </option>
            {choices.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </>
        )}
      </NativeSelect>
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <RideFormFields form={form} earliestDay={firstStartDay(isKnownZone(timezone) ? timezone : 'UTC')} before={groupField} near={near} />
      {fromPoll ? null : <RepeatsFields
          value={repeats}
          // Switched on: the rule starts from the start day chosen by then (its weekday, its place in the month).
          onChange={(next) => setRepeats(next.on && !repeats.on ? { ...initialRepeats(form.getValues('startDay'), repeats.timezone), on: true } : next)}
          error={repeatsError}
        />}
      <DialogFormActions submitting={isSubmitting} submitLabel={t`Create Ride`} submittingLabel={t`Creating...`} className="mt-6 border-t border-asphalt-100 pt-5" />
    </form>
  );
}
