import { formatDateTime } from '../../../lib/format-date';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import type { z } from 'zod';
import { Check, Clock, Copy, MailCheck, RotateCcw, Send } from 'lucide-react';
import { createInvitationSchema, INVITATION_MAILS_PER_DAY } from '../../../../shared/invites/invitation';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { describedByOf, Field } from '../../../components/ui/field';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { errorMessageOf } from '../../../lib/api-client';
import { useCurrentUser } from '../../../api/users';
import { type CreatedInvitation, useCreateInvitation } from '../../../api/invites';
import { FormTextField } from '../../../components/ui/form-text-field';
import { DialogFormActions } from '../../../components/ui/dialog-form-actions';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLocale } from '../../../lib/i18n/i18n';

type FormInput = z.input<typeof createInvitationSchema>;
type FormOutput = z.output<typeof createInvitationSchema>;

const EMPTY: FormInput = { inviterFirstName: '', inviteeName: '', inviteeEmail: '' };

interface CreateInvitationDialogProps {
  group: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Pre-fills "Your First Name" (the owner's own first name, when known). */
  inviterFirstName?: string | null;
}

/**
 * The Create Invitation dialog (spec 2 sections 2, 4 and 5): the form, then the link, its QR code
 * and expiry. 'Create Another' goes back to an empty form; closing resets everything.
 */
export function CreateInvitationDialog({ group, open, onOpenChange, inviterFirstName }: CreateInvitationDialogProps) {
  const { t } = useLingui();
  const ids = { inviter: useId(), name: useId(), email: useId(), link: useId() };
  const groupName = group.name;
  const create = useCreateInvitation();
  // The server e-mails invitations only for riders with a confirmed address.
  const { data: me } = useCurrentUser();
  const mayMail = Boolean(me?.email);
  const [result, setResult] = useState<(CreatedInvitation & { sentTo: string | null }) | null>(null);
  const [copied, setCopied] = useState(false);
  const initial = (): FormInput => ({ ...EMPTY, inviterFirstName: inviterFirstName ?? '' });
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createInvitationSchema), defaultValues: initial() });
  const { errors, isSubmitting } = form.formState;
  const mailsPerDay = INVITATION_MAILS_PER_DAY.toLocaleString(formatLocale());
  const expiresAt = result ? formatDateTime(result.expiresAt) : '';
  const sentTo = result?.sentTo;

  function startOver() {
    // Keep the inviter's name: the same owner is usually inviting the next rider.
    const inviter = form.getValues('inviterFirstName');
    form.reset({ ...EMPTY, inviterFirstName: inviter });
    setResult(null);
    setCopied(false);
    create.reset();
  }

  function handleOpenChange(next: boolean) {
    if (!next && isSubmitting) return;
    if (!next) {
      form.reset(initial());
      setResult(null);
      setCopied(false);
      create.reset();
    }
    onOpenChange(next);
  }

  async function submit(values: FormOutput) {
    try {
      const created = await create.mutateAsync({
        groupId: group.id,
        invitation: {
          inviterFirstName: values.inviterFirstName,
          inviteeName: values.inviteeName || null,
          inviteeEmail: values.inviteeEmail || null,
        },
      });
      setResult({ ...created, sentTo: values.inviteeEmail || null });
    } catch (error) {
      console.error('Failed to create invitation', error);
      toast({ title: t`Failed to Create Invitation`, description: errorMessageOf(error), variant: 'destructive' });
    }
  }

  async function copyLink(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: t`Link copied`, description: t`Share it with the rider you are inviting.`, variant: 'success' });
    } catch {
      // No clipboard permission: select the text so the rider can copy it themself.
      const input = document.getElementById(ids.link) as HTMLInputElement | null;
      input?.select();
      toast({ title: t`Copy failed`, description: t`Select the link and copy it yourself.`, variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent>
        <DialogHeading
          title={result ? <Trans>Invitation Created</Trans> : <Trans>Create Invitation</Trans>}
          description={
            result ? <Trans>Share this link or QR code to invite a rider to {groupName}.</Trans> : <Trans>Invite a rider to join {groupName}.</Trans>
          }
        />

        {result ? (
          <div className="space-y-5">
            <div className="flex justify-center">
              <img
                src={result.qrCodeDataUrl}
                alt={t`QR code to join ${groupName}`}
                width={224}
                height={224}
                className="size-56 rounded-xl border border-asphalt-200 bg-white p-2 shadow-sm"
              />
            </div>
            <div>
              <Label htmlFor={ids.link}>
                <Trans>Invitation Link</Trans>
              </Label>
              <div className="flex gap-2">
                <Input
                  id={ids.link}
                  readOnly
                  value={result.magicLink}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-xs sm:text-xs"
                />
                <Button variant="dark" size="icon" className="size-11" aria-label={t`Copy link`} onClick={() => void copyLink(result.magicLink)}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                </Button>
              </div>
            </div>
            <p className="flex items-center gap-1.5 rounded-lg bg-asphalt-50 px-3 py-2 text-sm text-asphalt-700">
              <Clock className="size-4 shrink-0 text-asphalt-500" aria-hidden="true" />
              <span>
                <Trans>
                  Expires on{' '}
                  <time dateTime={result.expiresAt} className="font-semibold">
                    {expiresAt}
                  </time>
                </Trans>
              </span>
            </p>
            {result.sentTo ? (
              <p className="flex items-center gap-1.5 text-sm text-emerald-700">
                <MailCheck className="size-4 shrink-0" aria-hidden="true" />
                <span>
                  <Trans>
                    We also e-mailed the link to <span className="font-semibold break-all">{sentTo}</span>.
                  </Trans>
                </span>
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={startOver}>
                <RotateCcw aria-hidden="true" />
                <Trans>Create Another</Trans>
              </Button>
              <DialogClose asChild>
                <Button variant="dark">
                  <Trans>Done</Trans>
                </Button>
              </DialogClose>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-4">
            <FormTextField id={ids.inviter} form={form} name="inviterFirstName" label={t`Your First Name`} autoComplete="given-name" />
            <FormTextField id={ids.name} form={form} name="inviteeName" label={t`Invitee Name`} autoComplete="off" />
            <Field
              id={ids.email}
              label={t`Invitee Email`}
              error={errors.inviteeEmail?.message}
              hint={
                mayMail ? (
                  <Trans>
                    Give a name, an e-mail address, or both. With an address, we e-mail the link too (up to {mailsPerDay} a day).
                    The e-mail is in our words; only your first name is yours.
                  </Trans>
                ) : (
                  <Trans>
                    We e-mail invitations only for riders with a confirmed e-mail address. Sign in with yours first, or give a name and
                    share the link or QR code.
                  </Trans>
                )
              }
            >
              <Input
                id={ids.email}
                type="email"
                inputMode="email"
                autoComplete="off"
                aria-invalid={errors.inviteeEmail ? true : undefined}
                aria-describedby={describedByOf(ids.email, errors.inviteeEmail, true)}
                disabled={!mayMail}
                {...form.register('inviteeEmail')}
              />
            </Field>
            <DialogFormActions submitting={isSubmitting} submitLabel={t`Create Invitation`} submittingLabel={t`Creating...`} icon={<Send aria-hidden="true" />} className="pt-2" />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
