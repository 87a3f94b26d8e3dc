import { useEffect, useRef, useState } from 'react';
import { portalCalendar, portalRotateCalendar } from '../../core/api/portal';
import { call } from './api';
import type { Translate } from './i18n';
import { Loading, useLoad } from './shared';
import './messages';

// The family's calendar feed (issue 43 §4): its secret iCalendar URL, to copy or to open in the
// phone's calendar (webcal:), and a new URL on request — the old one stops working, so it asks first.

const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

export function Calendar({ t }: { t: Translate }) {
  const { data, error } = useLoad(() => call(portalCalendar, {}), []);
  const [rotated, setRotated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const url = rotated ?? data?.url ?? '';
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The warning takes the focus, so a keyboard or screen reader user meets it first.
  useEffect(() => { if (confirming) confirmButton.current?.focus(); }, [confirming]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ ok: true, text: t('portal.calendar.copied') });
    } catch {
      setMessage({ ok: false, text: t('portal.calendar.copyFailed') });
    }
  };
  const rotate = async () => {
    setConfirming(false);
    try {
      setRotated((await call(portalRotateCalendar, {})).url);
      setMessage({ ok: true, text: t('portal.calendar.rotated') });
    } catch (e) {
      setMessage({ ok: false, text: t('portal.error', { message: (e as Error).message }) });
    }
  };

  return (
    <section>
      <h2>{t('portal.calendar.heading')}</h2>
      <p>{t('portal.calendar.intro')}</p>
      <Loading t={t} error={error} ready={data !== null}>
        {() => (
          <>
            <label htmlFor="calendar-url">{t('portal.calendar.url')}</label>
            <input id="calendar-url" className="wide" readOnly value={url} onFocus={(e) => e.target.select()} />
            <div className="actions">
              <button type="button" onClick={() => void copy()}>{t('portal.calendar.copy')}</button>
              <a className="button" href={webcalUrl(url)}>{t('portal.calendar.add')}</a>
            </div>
            {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
            <h3>{t('portal.calendar.rotateHeading')}</h3>
            <p>{t('portal.calendar.rotateIntro')}</p>
            {confirming ? (
              <div role="alertdialog" aria-labelledby="rotate-warning" className="confirm">
                <p id="rotate-warning">{t('portal.calendar.rotateWarning')}</p>
                <div className="actions">
                  <button ref={confirmButton} type="button" onClick={() => void rotate()}>{t('portal.calendar.rotateConfirm')}</button>
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>{t('portal.calendar.cancel')}</button>
                </div>
              </div>
            ) : <button type="button" className="secondary" onClick={() => setConfirming(true)}>{t('portal.calendar.rotate')}</button>}
          </>
        )}
      </Loading>
    </section>
  );
}
