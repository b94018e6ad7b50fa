import { useId } from 'react';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/api-client';
import { useCancelEmailConfirmation, useResendEmailConfirmation } from '../../../api/auth';

/**
 * Under the e-mail field: the address the rider asked to use, until its link is opened, cancelled
 * or expired (the server's pendingEmail, so it survives a reload).
 */
export function PendingEmailNotice({ address, id }: { address: string; id?: string }) {
  const { t } = useLingui();
  const ownId = useId();
  const textId = id ?? `${ownId}-pending`;
  const resend = useResendEmailConfirmation();
  const cancel = useCancelEmailConfirmation();
  const busy = resend.isPending || cancel.isPending;

  function handleResend() {
    resend.mutate(undefined, {
      onSuccess: (result) => {
        const sentTo = result.emailConfirmationSentTo;
        toast({ title: t`Confirmation link sent`, description: t`We sent a new link to ${sentTo}.`, variant: 'success' });
      },
      onError: (error) =>
        toast({
          title: t`Could not resend the link`,
          description: serverMessageOf(error) ?? t`Please try again later.`,
          variant: 'destructive',
        }),
    });
  }

  function handleCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => toast({ title: t`Address change cancelled`, description: t`${address} will not be used. The link we sent no longer works.` }),
      onError: () => toast({ title: t`Could not cancel`, description: t`Please try again later.`, variant: 'destructive' }),
    });
  }

  return (
    <div className="mt-2 rounded-xl border border-emerald-200 bg-emerald-50/70 px-3 py-2.5">
      <p id={textId} className="flex items-start gap-2 text-sm text-emerald-900">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0">
          <Trans>
            Waiting for confirmation of <span className="font-semibold wrap-anywhere">{address}</span>
          </Trans>
          <span className="mt-0.5 block text-xs text-emerald-800">
            <Trans>Open the link we sent to that address. It works for 1 hour.</Trans>
          </span>
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2 ps-6">
        <Button type="button" variant="secondary" size="sm" aria-describedby={textId} disabled={busy} onClick={handleResend}>
          {resend.isPending ? <Trans>Sending...</Trans> : <Trans>Resend</Trans>}
        </Button>
        <Button type="button" variant="ghost" size="sm" aria-describedby={textId} disabled={busy} onClick={handleCancel}>
          {cancel.isPending ? <Trans>Cancelling...</Trans> : <Trans>Cancel</Trans>}
        </Button>
      </div>
    </div>
  );
}
