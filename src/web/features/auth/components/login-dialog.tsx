import { useId, useState, type FormEvent } from 'react';
import { Clock, MailCheck, Send } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { EmailAddressField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast';
import { magicLinkFailureMessage, useRequestMagicLink } from '../../../api/auth';

interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec 1 section 2 "Login dialog": form, then sending, then the Check Your Email view. */
export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const { t } = useLingui();
  const emailId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendLink = useRequestMagicLink();

  function handleOpenChange(next: boolean) {
    if (!next) {
      // Closing resets the e-mail, the sent flag and the loading flag.
      setEmail('');
      setSentTo(null);
      setFailure(null);
      sendLink.reset();
    }
    onOpenChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: t`Email required`, description: t`Please enter your email address`, variant: 'destructive' });
      return;
    }
    setFailure(null);
    sendLink.mutate(address, {
      onSuccess: () => {
        // The dialog itself says "Magic link sent!" and where to: a toast would say it a second time.
        setSentTo(address);
      },
      onError: (error) => {
        console.error('Failed to send magic link', error);
        const reason = magicLinkFailureMessage(error);
        setFailure(reason);
        toast({ title: t`Error`, description: reason, variant: 'destructive' });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      {/* One e-mail address is quicker to type again than a question to answer: closing never asks. */}
      <DialogContent dirty={false}>
        <DialogHeading
          title={<Trans>Login to Existing Account</Trans>}
          description={<Trans>We'll e-mail you a secure sign-in link. No password needed.</Trans>}
        />

        {sentTo === null ? (
          <form onSubmit={handleSubmit} className="space-y-5">
            <EmailAddressField
              id={emailId}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              disabled={sendLink.isPending}
              aria-invalid={failure !== null || undefined}
              aria-describedby={failure !== null ? errorId : undefined}
            >
              {failure !== null ? (
                <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 [overflow-wrap:anywhere]">
                  {failure}
                </p>
              ) : null}
            </EmailAddressField>
            <Button type="submit" size="lg" className="w-full" disabled={sendLink.isPending}>
              <Send aria-hidden="true" />
              {sendLink.isPending ? <Trans>Sending...</Trans> : <Trans>Send Magic Link</Trans>}
            </Button>
          </form>
        ) : (
          <div className="text-center">
            <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-ignition-100 text-ignition-700">
              <MailCheck className="size-7" aria-hidden="true" />
            </div>
            <h3 className="text-lg font-extrabold text-asphalt-950">
              <Trans>Check Your Email</Trans>
            </h3>
            <p className="mt-1 text-sm font-semibold text-emerald-700">
              <Trans>Magic link sent!</Trans>
            </p>
            <p className="mt-3 text-sm text-asphalt-600">
              <Trans>
                We sent a login link to <span className="font-semibold break-all text-asphalt-900">{sentTo}</span>
              </Trans>
            </p>
            <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-asphalt-100 px-3 py-1 text-xs font-medium text-asphalt-600">
              <Clock className="size-3.5" aria-hidden="true" />
              <Trans>The link expires in 1 hour.</Trans>
            </p>
            <Button variant="dark" size="lg" className="mt-6 w-full" onClick={() => handleOpenChange(false)}>
              <Trans>Done</Trans>
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
