import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * A mutation that, once the server said yes, refreshes what the change touched (`refresh` names the
 * keys, and is told what was changed); the mutation settles once a promise it answers has.
 */
export function useRefreshingMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  refresh: (queryClient: QueryClient, input: TInput) => Promise<unknown> | void,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (_result, input) => refresh(queryClient, input) });
}
