import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import { z } from 'zod';
import { X } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { POLL_DURATION_CHOICES } from '../../../../shared/polls/poll';
import { nameText } from '../../../../shared/text/name-text';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import Calendar from '../../../components/ui/calendar';
import { useCreatePoll } from '../../../api/polls';
import { FormTextField } from '../../../components/ui/form-text-field';
import {
  dateOfDayKey,
  defaultDeadline,
  firstProposableDay,
  formatDay,
  formatDayShort,
  isFutureDeadline,
  proposedDayToIso,
  proposedDaysFrom,
  toDateTimeLocal,
} from './poll-dates';

/** The poll form's own fields (spec 2 section 5), with messages in the rider's language; the proposed dates are checked on submit. */
export function pollFormSchema(i18n: I18n) {
  return z.object({
    title: nameText({ required: i18n._(msg`Poll title is required`), max: 255, tooLong: i18n._(msg`Title too long`) }),
    description: z.string().trim().max(5000, i18n._(msg`Description too long`)),
    destination: z.string().trim().min(1, i18n._(msg`Destination is required`)).max(255, i18n._(msg`Destination too long`)),
    durationDays: z.coerce
      .number<string | number>()
      .int()
      .min(1, i18n._(msg`Duration must be at least 1 day`))
      .max(30, i18n._(msg`Duration cannot exceed 30 days`)),
    deadline: z.string().refine((value) => isFutureDeadline(value, new Date()), i18n._(msg`Deadline must be in the future`)),
  });
}

type FormInput = z.input<ReturnType<typeof pollFormSchema>>;
type FormOutput = z.output<ReturnType<typeof pollFormSchema>>;

function initialValues(): FormInput {
  return { title: '', description: '', destination: '', durationDays: '1', deadline: defaultDeadline(new Date()) };
}

interface CreatePollDialogProps {
  groupId: string;
  groupName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create Poll: title, description, destination, duration, deadline and the proposed dates on a calendar. */
export default function CreatePollDialog({ groupId, groupName, open, onOpenChange }: CreatePollDialogProps) {
  const { t, i18n } = useLingui();
  const schema = useMemo(() => pollFormSchema(i18n), [i18n]);
  const ids = { title: useId(), description: useId(), destination: useId(), duration: useId(), deadline: useId(), dates: useId() };
  const createPoll = useCreatePoll();
  const [days, setDays] = useState<string[]>([]);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(schema), defaultValues: initialValues() });
  const { errors, isSubmitting } = form.formState;
  const firstDay = useMemo(() => dateOfDayKey(firstProposableDay(new Date())), []);

  function handleOpenChange(next: boolean) {
    if (!next && isSubmitting) return;
    if (!next) {
      form.reset(initialValues());
      setDays([]);
    }
    onOpenChange(next);
  }

  async function submit(values: FormOutput) {
    const proposed = proposedDaysFrom(days.map(dateOfDayKey), new Date());
    if (proposed.length === 0) {
      toast({ title: t`Please select dates`, description: t`You need to propose at least one date for the ride.`, variant: 'destructive' });
      return;
    }
    try {
      await createPoll.mutateAsync({
        title: values.title,
        description: values.description || null,
        destination: values.destination,
        durationDays: values.durationDays,
        deadline: new Date(values.deadline).toISOString(),
        groupId,
        proposedDates: proposed.map(proposedDayToIso),
      });
    } catch (error) {
      console.error('Failed to create poll', error);
      toast({ title: t`Failed to create poll`, description: t`Please try again later.`, variant: 'destructive' });
      return;
    }
    toast({ title: t`Poll created`, description: t`The members of ${groupName} can now vote.`, variant: 'success' });
    handleOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent size="lg">
        <DialogHeading title={<Trans>Create Poll</Trans>} description={<Trans>Propose dates for a ride and let {groupName} vote.</Trans>} />
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-5">
          <FormTextField id={ids.title} form={form} name="title" label={t`Poll Title`} autoComplete="off" placeholder={t`e.g. Dolomites weekend`} />
          <Field id={ids.description} label={t`Description`} optional error={errors.description?.message}>
            <Textarea id={ids.description} rows={2} placeholder={t`Route ideas, what to bring...`} {...form.register('description')} />
          </Field>
          <FormTextField id={ids.destination} form={form} name="destination" label={t`Destination`} autoComplete="off" placeholder={t`e.g. Passo Giau`} />
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field id={ids.duration} label={t`Duration`} error={errors.durationDays?.message}>
              <NativeSelect id={ids.duration} {...form.register('durationDays')}>
                {POLL_DURATION_CHOICES.map((days) => (
                  <option key={days} value={days}>
                    {t`${plural(days, { one: '# day', other: '# days' })}`}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <FormTextField id={ids.deadline} form={form} name="deadline" label={t`Voting Deadline`} type="datetime-local" min={toDateTimeLocal(new Date())} />
          </div>

          <fieldset>
            <legend id={ids.dates} className="mb-1.5 text-sm font-semibold text-asphalt-800">
              <Trans>Proposed Dates</Trans>
            </legend>
            <p className="mb-2 text-xs text-asphalt-500">
              <Trans>Tap the days that could work. Past days can't be picked.</Trans>
            </p>
            <div className="flex justify-center rounded-xl border border-asphalt-200 bg-white p-2">
              <Calendar
                mode="multiple"
                selected={days.map(dateOfDayKey)}
                onSelect={(dates) => setDays(proposedDaysFrom(dates ?? [], new Date()))}
                disabled={{ before: firstDay }}
                startMonth={firstDay}
                defaultMonth={firstDay}
              />
            </div>
            <div className="mt-3" aria-live="polite">
              {days.length === 0 ? (
                <p className="text-sm text-asphalt-500">
                  <Trans>No dates selected yet.</Trans>
                </p>
              ) : (
                <>
                  <p className="text-xs font-bold tracking-wide text-asphalt-500 uppercase">
                    <Plural value={days.length} one="# date selected" other="# dates selected" />
                  </p>
                  <ul aria-label={t`Selected dates`} className="mt-2 flex flex-wrap gap-2">
                    {days.map((day) => (
                      <li key={day} className="inline-flex h-8 items-center gap-1 rounded-full bg-ignition-100 pe-1 ps-3 text-sm font-semibold text-ignition-900">
                        {formatDayShort(day)}
                        <button
                          type="button"
                          aria-label={t`Remove ${ph({ day: formatDay(day) })}`}
                          onClick={() => setDays((current) => current.filter((d) => d !== day))}
                          className="inline-flex size-6 items-center justify-center rounded-full text-ignition-800 hover:bg-ignition-200"
                        >
                          <X className="size-3.5" aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </fieldset>

          <DialogFormActions submitting={isSubmitting} submitLabel={t`Create Poll`} submittingLabel={t`Creating...`} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
