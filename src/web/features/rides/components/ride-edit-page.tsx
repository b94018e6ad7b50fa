import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { ArrowLeft, Lock } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ride } from '../../../../shared/rides/ride';
import { firstEditedDay } from '../../../../shared/rides/ride-rules';
import { isKnownZone } from '../../../../shared/timezones/zoned-time';
import { RideFormFields } from '../../../components/rides/ride-form/ride-form-fields';
import { formFromRide, rideFormSchema, type RideFormValues } from '../../../components/rides/ride-form/ride-form-model';
import { toFollowingPayload, toUpdatePayload } from '../../../components/rides/ride-form/ride-form-payload';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageMessage } from '../../../components/ui/page-message';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useCurrentUser } from '../../../api/users';
import { nearPointOf } from '../../../api/geocoding';
import { ridePath, STATUS_MESSAGES } from '../../../lib/rides/ride-format';
import { rideNoticeText } from '../../../lib/rides/ride-notice';
import { ApiError, serverMessageOf } from '../../../lib/api-client';
import { myGroupsQueryOptions } from '../../../api/groups';
import { useEditFollowing, useUpdateRide } from '../../../api/rides';
import { RideLoadError, RideNotFound, useRideFromRoute } from './ride-from-route';
import { seriesLabelText } from '../../../../shared/series/series-label-text';

export const NO_EDIT_PERMISSION = msg`You don't have permission to edit this ride`;

/** The ride edit page (spec 2 section 2, "Ride edit"): owner only. */
export function RideEditPage() {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState(false);
  const ride = useRideFromRoute({ followMoves: !saving });
  if (ride.isPending) return <SkeletonLines label={t`Loading ride`} className="mx-auto max-w-2xl space-y-4" lines={['h-10 w-1/2', 'h-[32rem] rounded-2xl']} />;
  if (ride.isLoadingError) return <RideLoadError onRetry={() => void ride.refetch()} />;
  if (!ride.data) return <RideNotFound />;
  if (!ride.data.abilities.edit) {
    return (
      <PageMessage icon={Lock} iconShape="square" title={i18n._(NO_EDIT_PERMISSION)} titleClassName="mt-5 text-xl">
        <Link to={ridePath(ride.data)} className={buttonClasses('secondary', 'md', 'mt-6')}>
          <ArrowLeft aria-hidden="true" />
          <Trans>Back to ride</Trans>
        </Link>
      </PageMessage>
    );
  }
  return <RideEditForm key={ride.data.id} ride={ride.data} onSaving={setSaving} />;
}

function RideEditForm({ ride, onSaving }: { ride: Ride; onSaving: (saving: boolean) => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const navigatorId = useId();
  const statusId = useId();
  const updateRide = useUpdateRide();
  const editFollowing = useEditFollowing();
  const scopeId = useId();
  // A ride of a series: "Edit this ride" or "this and following" (issue 29, point 6).
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const { data: user } = useCurrentUser();
  const groups = useQuery({ ...myGroupsQueryOptions(), enabled: Boolean(ride.groupId) });
  // Typed stops are looked up around the ride's group, else around the rider.
  const near = nearPointOf(groups.data?.find((g) => g.id === ride.groupId)) ?? nearPointOf(user);
  const initial = useMemo(() => formFromRide(ride), [ride]);
  const form = useForm<RideFormValues>({ resolver: zodResolver(rideFormSchema), defaultValues: initial });
  const { isSubmitting } = form.formState;
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  // Spec 2 section 5: the edit form's pickers disallow dates earlier than 24 hours ago.
  // "Now" is when the form opened, so the limit does not move while the rider edits.
  const [openedAt] = useState(() => Date.now());
  const earliestDay = firstEditedDay(isKnownZone(timezone) ? timezone : 'UTC', openedAt);

  async function submit(values: RideFormValues) {
    let updated: Ride;
    try {
      onSaving(true);
      updated =
        scope === 'following'
          ? await editFollowing.mutateAsync({ rideId: ride.id, changes: toFollowingPayload(values, initial) })
          : await updateRide.mutateAsync({ rideId: ride.id, changes: toUpdatePayload(values, initial) });
    } catch (error) {
      onSaving(false);
      // 409: maximum riders below the seats already taken; the server's message names the count.
      if (error instanceof ApiError && error.status === 409) {
        form.setError('maxRiders', { message: serverMessageOf(error) ?? t`Maximum riders cannot be less than the riders who have joined` }, { shouldFocus: true });
        return;
      }
      console.error('Failed to update ride', error);
      toast({ title: t`Error`, description: t`Failed to update ride`, variant: 'destructive' });
      return;
    }
    toast({ title: t`Ride updated`, description: updated.notice ? rideNoticeText(i18n, updated.notice) : t`Your changes have been saved.`, variant: 'success' });
    void navigate(ridePath(updated), { replace: true });
  }

  const seriesLabel = ride.series ? seriesLabelText(i18n, ride.series.rule) : undefined;
  const scopeField = ride.series ? (
    <div className="rounded-xl bg-asphalt-50 px-3.5 py-3">
      <Label htmlFor={scopeId}>
        <Trans>Apply changes to</Trans>
      </Label>
      <NativeSelect id={scopeId} value={scope} onChange={(event) => setScope(event.target.value as 'this' | 'following')}>
        <option value="this">{t`This ride only`}</option>
        <option value="following">{t`This and following rides (${seriesLabel})`}</option>
      </NativeSelect>
      <p className="mt-1.5 text-xs text-asphalt-500">
        {scope === 'following'
          ? t`The series ends before this ride and a new one starts with it: name, description, stops, duration, riders and start time apply to each later ride; days, status and navigator stay as each ride has them.`
          : t`Only this date changes; the other rides of the series stay as they are.`}
      </p>
    </div>
  ) : null;

  const extraFields = (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <Field id={navigatorId} label={t`Navigator`} hint={<Trans>Chosen among the ride's participants.</Trans>}>
        <NativeSelect id={navigatorId} {...form.register('navigatorId')}>
          <option value="none">{t`None`}</option>
          {ride.participants.map((p) => (
            <option key={p.id} value={p.id}>
              {p.userId}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={statusId} label={t`Status`} hint={<Trans>A cancelled ride takes no new riders, and its riders are notified.</Trans>}>
        <NativeSelect id={statusId} {...form.register('status')}>
          <option value="confirmed">{i18n._(STATUS_MESSAGES.confirmed)}</option>
          <option value="cancelled">{i18n._(STATUS_MESSAGES.cancelled)}</option>
          {ride.status === 'pending' ? <option value="pending">{i18n._(STATUS_MESSAGES.pending)}</option> : null}
        </NativeSelect>
      </Field>
    </div>
  );

  return (
    <section aria-labelledby="edit-ride-title" className="mx-auto max-w-2xl">
      <Link to={ridePath(ride)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-asphalt-600 hover:text-asphalt-950">
        <ArrowLeft className="size-4" aria-hidden="true" />
        <Trans>Back to ride</Trans>
      </Link>
      <h1 id="edit-ride-title" className="mt-4 text-3xl font-black tracking-tight text-asphalt-950">
        <Trans>Edit Ride</Trans>
      </h1>
      <p className="mt-1.5 text-base text-asphalt-600">{ride.name}</p>

      <Card className="mt-6 p-5 sm:p-6">
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <RideFormFields form={form} earliestDay={earliestDay} before={scopeField} after={extraFields} near={near} />
          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-asphalt-100 pt-5 sm:flex-row sm:justify-end">
            <Link to={ridePath(ride)} className={buttonClasses('secondary', 'md')} aria-disabled={isSubmitting || undefined}>
              <Trans>Cancel</Trans>
            </Link>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? t`Saving...` : t`Save Changes`}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
