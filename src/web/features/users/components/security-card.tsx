import { KeyRound, Send } from 'lucide-react';
import type { CurrentUser } from '../../../../shared/users/current-user';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useSendMagicLink } from '../api/send-magic-link';

interface SecurityCardProps {
  user: CurrentUser;
  /** Called when there is no e-mail to send to (the page points at the e-mail field). */
  onEmailMissing: () => void;
}

/** Preferences, left column: a sign-in link by e-mail, for signing in on another device. */
export function SecurityCard({ user, onEmailMissing }: SecurityCardProps) {
  const send = useSendMagicLink();

  function handleClick() {
    const email = user.email?.trim();
    if (!email) {
      toast({ title: 'Email required', description: 'Please enter your email address first.', variant: 'destructive' });
      onEmailMissing();
      return;
    }
    send.mutate(email, {
      onSuccess: () => toast({ title: 'Magic link sent', description: 'Check your email for the secure login link.', variant: 'success' }),
      onError: (error) => {
        console.error('Failed to send magic link', error);
        toast({ title: 'Failed to send magic link', description: 'Please try again later.', variant: 'destructive' });
      },
    });
  }

  return (
    <Card aria-labelledby="security-title">
      <CardHeader titleId="security-title" icon={<KeyRound />} title="Security" description="Sign in on another device with a secure link sent to your email." />
      <CardBody>
        <Button variant="secondary" className="w-full" onClick={handleClick} disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send Magic Link'}
        </Button>
      </CardBody>
    </Card>
  );
}
