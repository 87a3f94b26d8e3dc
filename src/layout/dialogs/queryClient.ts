import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { DialogStore } from './dialogStore';

// react-admin's QueryClient with global error handlers: any failed dataProvider query or mutation
// opens the error dialog (spec 1 §8). Two kinds are left out: the authProvider's own queries (a failed
// session check redirects to /login instead) and 401 answers (checkError logs out to /login). A query
// or mutation that shows its errors itself opts out with `meta: { errorDialog: false }`.

function reportable(error: unknown, meta: Record<string, unknown> | undefined, key?: readonly unknown[]): boolean {
  if (meta?.errorDialog === false) return false;
  if (key?.[0] === 'auth') return false;
  return (error as { status?: number } | null)?.status !== 401;
}

export function createQueryClient(dialogs: DialogStore): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (reportable(error, query.meta, query.queryKey)) dialogs.showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (reportable(error, mutation.meta)) dialogs.showError(error);
      },
    }),
    defaultOptions: {
      // A back office shows a failure at once rather than retrying behind a spinner.
      queries: { retry: false, refetchOnWindowFocus: false },
    },
  });
}
