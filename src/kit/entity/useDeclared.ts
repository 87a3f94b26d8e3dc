import { useMutation, useQuery, useQueryClient, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { endpointKey, type Answer, type CallInput, type EndpointDefinition } from '../../../core/api/endpoint';
import type { CallOptions, TouchlineDataProvider } from '../../../dataProvider';

// Declared calls through react-admin's cache: a read is keyed under the resource it belongs to, so a
// write to that resource (react-admin's useCreate/useUpdate/useDelete, or a declared mutation naming
// it) refreshes it with every other open view of that resource (src/kit/layout/dialogs/queryClient.ts
// invalidates a written resource's queries). For what react-admin's verbs cannot say: a record's tab
// (a team's matches), an action on a record (move a player, take a payment).

/** What a declared call reads, kept under `resource`: `useDeclaredQuery('team', getTeamMatches, { params: { id } })`. */
export function useDeclaredQuery<E extends EndpointDefinition>(
  resource: string,
  endpoint: E,
  input: CallInput<E>,
  options: Omit<UseQueryOptions<Answer<E>>, 'queryKey' | 'queryFn'> = {},
) {
  const dataProvider = useDataProvider<TouchlineDataProvider>();
  return useQuery<Answer<E>>({
    queryKey: [resource, 'call', endpointKey(endpoint), input],
    queryFn: () => dataProvider.call(endpoint, ...([input] as never as [CallInput<E>])),
    ...options,
  });
}

export interface DeclaredMutationOptions<E extends EndpointDefinition> extends Omit<UseMutationOptions<Answer<E>, Error, CallInput<E>>, 'mutationFn' | 'mutationKey'> {
  /** The resources whose open views the write changes (their queries are refreshed on success). */
  invalidates: readonly string[];
  /** Per call: an Idempotency-Key … */
  callOptions?: CallOptions;
}

/**
 * A declared write: `const move = useDeclaredMutation(movePlayer, { invalidates: ['team'] }); move.mutate({ params, body })`.
 * Its failure opens the error dialog unless `meta: { errorDialog: false }` (the dialog shows it itself).
 */
export function useDeclaredMutation<E extends EndpointDefinition>(endpoint: E, { invalidates, callOptions, meta, ...options }: DeclaredMutationOptions<E>) {
  const dataProvider = useDataProvider<TouchlineDataProvider>();
  return useMutation<Answer<E>, Error, CallInput<E>>({
    mutationKey: [endpointKey(endpoint)],
    mutationFn: (input) => dataProvider.call(endpoint, ...([input, callOptions] as never as [CallInput<E>])),
    meta: { ...meta, invalidates },
    ...options,
  });
}

/** Refreshes every open view of these resources (after a write react-admin's hooks do not know of). */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return (...resources: string[]) => Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
}

/**
 * A declared write whose refusal its caller shows (in its form, or through the dialogs' `run`), rather
 * than the error dialog: `const lock = useDeclaredWrite(lockRoster, 'team'); run(() => lock.mutateAsync(input))`.
 */
export function useDeclaredWrite<E extends EndpointDefinition>(endpoint: E, ...invalidates: string[]) {
  return useDeclaredMutation(endpoint, { invalidates, meta: { errorDialog: false } });
}
