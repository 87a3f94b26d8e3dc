import { useEffect, useState, type ReactNode } from 'react';
import type { Language, Translate } from './i18n';
import './messages';

// What the site's screens share: a date in the reader's language, a load with its error, and the
// loading or error line shown until the data is there.

/** A date (unix seconds) in the reader's language; birth dates are midnight UTC. */
export const dateText = (seconds: number, language: Language, timeZone = 'UTC') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone }).format(seconds * 1000);

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: string; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then((value) => live && setData(value), (e: Error) => live && setError(e.message));
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  return { data, error, reload: () => setRound((r) => r + 1) };
}

export function Loading({ t, error, children, ready }: { t: Translate; error: string; ready: boolean; children: () => ReactNode }) {
  if (error) return <p role="alert">{t('portal.error', { message: error })}</p>;
  return ready ? <>{children()}</> : <p role="status">{t('portal.loading')}</p>;
}
