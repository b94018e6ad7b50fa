import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** A mutation that, once the server said yes, refreshes what the change touched (`refresh` names the keys). */
export function useRefreshingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, refresh: (queryClient: QueryClient) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refresh(queryClient) });
}
