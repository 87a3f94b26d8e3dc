import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../../core/constants';

/** `value` once it has stopped changing for `delay` ms (customer search: 300 ms, spec 1 §2). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
