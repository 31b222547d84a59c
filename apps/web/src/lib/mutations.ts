import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation after which the list under `queryKey` is fetched again, whatever the outcome. */
export function useRefreshingMutation<Reply, Variables>(
  change: (variables: Variables) => Promise<Reply>,
  queryKey: QueryKey,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => client.invalidateQueries({ queryKey }) });
}
