import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { DialogStore } from './dialogStore';

// react-admin's QueryClient with global error handlers: any failed dataProvider query or mutation
// opens the error dialog (spec 1 §8). Left out: the authProvider's own queries (a failed session check
// redirects to /login instead), 401 answers (checkError logs out to /login), a form's field errors
// (400 with `errors`: shown under their fields), and whatever opts out with `meta: { errorDialog: false }`.
//
// After a write, every open view of what it wrote shows it: react-admin's create, update and delete of
// a resource, and a declared mutation (src/kit/entity/useDeclared.ts) with the resources it names in
// `meta.invalidates`, refresh every query kept under those resources (getOne, getList, declared reads).

function reportable(error: unknown, meta: Record<string, unknown> | undefined, key?: readonly unknown[]): boolean {
  if (meta?.errorDialog === false) return false;
  if (key?.[0] === 'auth') return false;
  const { status, body } = (error ?? {}) as { status?: number; body?: { errors?: unknown } | null };
  if (status === 400 && body?.errors && typeof body.errors === 'object' && Object.keys(body.errors).length > 0) return false;
  return status !== 401;
}

/** react-admin's writes: their mutation key is [resource, verb, params]. */
const WRITES = new Set(['create', 'update', 'delete', 'updateMany', 'deleteMany']);

/** The ids a successful delete of react-admin's removed. */
function deletedIds(key: readonly unknown[] | undefined, variables: unknown): string[] {
  if (key?.[1] !== 'delete' && key?.[1] !== 'deleteMany') return [];
  const { id, ids } = { ...(key[2] as object | undefined), ...(variables as object | undefined) } as { id?: unknown; ids?: unknown[] };
  return [id, ...(ids ?? [])].filter((value) => value !== undefined).map(String);
}

/** The resources a successful write changed. */
function written(key: readonly unknown[] | undefined, meta: Record<string, unknown> | undefined): string[] {
  const declared = Array.isArray(meta?.invalidates) ? (meta.invalidates as string[]) : [];
  const verb = key?.[1];
  return typeof key?.[0] === 'string' && typeof verb === 'string' && WRITES.has(verb) ? [key[0], ...declared] : declared;
}

export function createQueryClient(dialogs: DialogStore): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (reportable(error, query.meta, query.queryKey)) dialogs.showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (reportable(error, mutation.meta)) dialogs.showError(error);
      },
      onSuccess: (_data, variables, _context, mutation) => {
        // A deleted record's own page is not read again (it would answer 404).
        const gone = new Set(deletedIds(mutation.options.mutationKey, variables));
        for (const resource of written(mutation.options.mutationKey, mutation.meta)) {
          void client.invalidateQueries({ queryKey: [resource], predicate: ({ queryKey }) => !(queryKey[1] === 'getOne' && gone.has(String((queryKey[2] as { id?: unknown } | undefined)?.id))) });
        }
      },
    }),
    defaultOptions: {
      // A back office shows a failure at once rather than retrying behind a spinner.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
  return client;
}
