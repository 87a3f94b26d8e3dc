import { useEffect, useState } from 'react';

export const VERSION_POLL_MS = 60_000;

/**
 * True once /version.json (written by the build) names another build than the running one: a newer
 * version has been deployed. Checked at start and every minute; a failed check waits for the next.
 */
export function useUpdateAvailable(intervalMs = VERSION_POLL_MS): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    if (available) return;
    let stopped = false;
    const check = async () => {
      try {
        const response = await fetch('/version.json', { cache: 'no-store' });
        if (!response.ok) return;
        const { build } = (await response.json()) as { build?: unknown };
        if (!stopped && typeof build === 'string' && build !== __BUILD_ID__) setAvailable(true);
      } catch {
        // Offline, or a development server without the file.
      }
    };
    void check();
    const timer = setInterval(check, intervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [available, intervalMs]);
  return available;
}
