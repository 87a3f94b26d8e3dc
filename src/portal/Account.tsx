import { useState, type FormEvent } from 'react';
import { portalConsent, portalPasswordLogin, portalSetPassword, type PortalMe } from '../../core/api/portal';
import { MIN_PASSWORD_LENGTH } from '../../core/constants';
import { call, keepToken } from './api';
import type { Language, Translate } from './i18n';
import { dateText } from './shared';
import './messages';

// The account holder's settings on the family screen (issue 43 §2, §7): the consent that the children's
// data may go to the facility's mailings and HubSpot (a switch, with the time it was given), and the
// optional password; and the sign-in with that password.

export function ConsentSwitch({ t, language, family, onChanged }: { t: Translate; language: Language; family: PortalMe; onChanged: () => void }) {
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);
  const given = family.child_data_consent;
  const toggle = async () => {
    setSaving(true);
    setMessage('');
    try {
      await call(portalConsent, { body: { given: !given } });
      onChanged();
    } catch (e) {
      setMessage(t('portal.error', { message: (e as Error).message }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="consent-heading">
      <h2 id="consent-heading">{t('portal.consent.heading')}</h2>
      <form onSubmit={(e) => e.preventDefault()}>
        <p id="consent-intro">{t('portal.consent.intro')}</p>
        <label className="choice">
          <input type="checkbox" role="switch" checked={!!given} disabled={saving} aria-describedby="consent-intro consent-state" onChange={() => void toggle()} />
          {t('portal.consent.label')}
        </label>
        <p id="consent-state">
          {given ? t('portal.consent.given', { date: dateText(given.given_at, language) }) : t('portal.consent.notGiven')}
        </p>
        {message && <p role="alert">{message}</p>}
      </form>
    </section>
  );
}

export function PasswordForm({ t, hasPassword, onSaved }: { t: Translate; hasPassword: boolean; onSaved: () => void }) {
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      await call(portalSetPassword, { body: { password } });
      setPassword('');
      setMessage({ ok: true, text: t('portal.password.saved') });
      onSaved();
    } catch (e) {
      setMessage({ ok: false, text: t('portal.error', { message: (e as Error).message }) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">{t('portal.password.heading')}</h2>
      <form onSubmit={submit}>
        <p>{t(hasPassword ? 'portal.password.change' : 'portal.password.intro')}</p>
        <label htmlFor="new-password">{t('portal.password.new')}</label>
        <input id="new-password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={256}
          aria-describedby="password-rule" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p id="password-rule">{t('portal.password.rule', { min: String(MIN_PASSWORD_LENGTH) })}</p>
        {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
        <button type="submit" disabled={saving}>{t('portal.password.save')}</button>
      </form>
    </section>
  );
}

export function PasswordLogin({ t, onSignedIn }: { t: Translate; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError('');
    try {
      const opened = await call(portalPasswordLogin, { body: { email, password } });
      keepToken(opened.token);
      onSignedIn();
    } catch (e) {
      setError(t('portal.error', { message: (e as Error).message }));
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby="password-login-heading">
      <h3 id="password-login-heading">{t('portal.login.withPassword')}</h3>
      <label htmlFor="login-email">{t('portal.login.accountEmail')}</label>
      <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor="login-password">{t('portal.password.label')}</label>
      <input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      {error && <p role="alert">{error}</p>}
      <button type="submit" disabled={sending}>{t('portal.login.signIn')}</button>
    </form>
  );
}
