import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';

/** POST /api/auth/logout */
export function logout(): Promise<{ success: true }> {
  return apiRequest<{ success: true }>('/api/auth/logout', { method: 'POST' });
}

/** On OK: toast, forget every cached answer (they belonged to the old session), go to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
      queryClient.clear();
      void navigate('/');
    },
    onError: (error) => {
      console.error('Logout failed', error);
      toast({ title: 'Error', description: 'Failed to logout. Please try again.', variant: 'destructive' });
    },
  });
}
