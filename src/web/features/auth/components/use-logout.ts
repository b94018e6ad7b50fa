import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../../api/auth';
import { toast } from '../../../components/ui/toast';

/**
 * Logging out from the user menu. On OK: toast, go to the signed-out page (outside the shell, so no new guest is made), then forget
 * every cached answer (they belonged to the old session). The cache is cleared only once the shell
 * is gone: cleared while it is shown, it would read the current user again and make a guest.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      void Promise.resolve(navigate('/signed-out', { replace: true })).then(() => queryClient.clear());
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: 'Error', description: 'Failed to logout. Please try again.', variant: 'destructive' });
    },
  });
}
