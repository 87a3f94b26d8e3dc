import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../core/idempotencyKey';

// A create's Save (issue 22 item 3): disabled while its call runs (a second click does nothing), and
// the call carries one Idempotency-Key per form filled, so that a retry of a request that reached the
// server answers its first result instead of creating again (server/http/idempotency.ts). A failed call
// keeps the key (the server kept nothing under it); a success takes a new one, for the next create.

export function useSubmitOnce() {
  const key = useRef(newIdempotencyKey());
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  /** Runs `create` with the form's key, unless a create is already running (then answers undefined). */
  const submit = useCallback(async <T>(create: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    try {
      const created = await create(key.current);
      key.current = newIdempotencyKey();
      return created;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, submit };
}
