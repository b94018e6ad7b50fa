import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { logout } from '../../../api/auth';
import { toast } from '../../../components/ui/toast';

/**
 * Logging out from the user menu. On OK: toast and go to the signed-out page (outside the shell, so
 * no new guest is made). That page forgets every cached answer (they belonged to the old session)
 * once it is shown: cleared while the shell is still on screen, the cache would make the shell read
 * the current user again and make a guest, and the navigation's promise resolves before React has
 * put the lazily loaded page in the shell's place.
 */
export function useLogout() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return useMutation({
    // What was kept for reading offline goes with the session (issue 32 point 3).
    // (loaded when needed: the first load carries none of the service worker's code).
    mutationFn: () => logout().then(async (answer) => (await (await import('../../../lib/service-worker')).forgetSavedAnswers(), answer)),
    onSuccess: () => {
      toast({ title: t`Logged out`, description: t`You have been successfully logged out` });
      void navigate('/signed-out', { replace: true });
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: t`Error`, description: t`Failed to logout. Please try again.`, variant: 'destructive' });
    },
  });
}
