import { useState, type FormEvent } from 'react';
import { portalContact, type PortalMe } from '../../core/api/portal';
import { CUSTOMER_PHONE_MESSAGE, formatUsPhone } from '../../core/validation/phone';
import { call, CallError } from './api';
import type { Translate } from './i18n';
import './messages';

// The account holder's contact details on the family screen (issue 43 §3): prefilled from GET
// /portal/me, sent by PUT /portal/me. The server checks them (no zod in /my's bundle): its reason for a
// field is shown under that field.

const FIELDS = [
  { name: 'phone', type: 'tel', autoComplete: 'tel', maxLength: 30 },
  { name: 'address', type: 'text', autoComplete: 'street-address', maxLength: 200 },
  { name: 'state', type: 'text', autoComplete: 'address-level1', maxLength: 100 },
  { name: 'country', type: 'text', autoComplete: 'country-name', maxLength: 100 },
] as const;

type Field = (typeof FIELDS)[number]['name'];
type Contact = Record<Field, string>;

/** The server's reason in the reader's language: those these fields can get are known; another as it came. */
function reason(t: Translate, message: string): string {
  if (message === CUSTOMER_PHONE_MESSAGE) return t('portal.contact.phoneInvalid');
  const tooLong = /^at most (\d+) characters$/.exec(message);
  return tooLong ? t('portal.contact.tooLong', { max: tooLong[1] }) : message;
}

const contactOf = (holder: PortalMe['holder']): Contact => ({
  phone: holder.phone ? formatUsPhone(holder.phone) : '', address: holder.address, state: holder.state, country: holder.country,
});

export function ContactForm({ t, family, onSaved }: { t: Translate; family: PortalMe; onSaved: () => void }) {
  const [contact, setContact] = useState<Contact>(() => contactOf(family.holder));
  const [errors, setErrors] = useState<Partial<Contact>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setMessage(null);
    try {
      // An emptied phone is not sent: the server keeps the one it has (a phone is required of a customer).
      const { phone, ...rest } = contact;
      const saved = await call(portalContact, { body: phone.trim() ? { phone, ...rest } : rest });
      setContact(contactOf(saved.holder));
      setMessage({ ok: true, text: t('portal.contact.saved') });
      onSaved();
    } catch (e) {
      const byField = e instanceof CallError ? e.errors : {};
      if (Object.keys(byField).length) setErrors(byField);
      else setMessage({ ok: false, text: t('portal.error', { message: (e as Error).message }) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="contact-heading">
      <h2 id="contact-heading">{t('portal.contact.heading')}</h2>
      <form onSubmit={submit} noValidate>
        {FIELDS.map(({ name, type, autoComplete, maxLength }) => (
          <div key={name} className="field">
            <label htmlFor={`contact-${name}`}>{t(`portal.contact.${name}`)}</label>
            <input id={`contact-${name}`} className="wide" type={type} autoComplete={autoComplete} maxLength={maxLength} value={contact[name]}
              aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
              onChange={(e) => setContact({ ...contact, [name]: e.target.value })} />
            {errors[name] && <p id={`contact-${name}-error`} className="field-error">{reason(t, errors[name])}</p>}
          </div>
        ))}
        {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
        {Object.keys(errors).length > 0 && <p role="alert">{t('portal.contact.invalid')}</p>}
        <button type="submit" disabled={saving}>{t('portal.contact.save')}</button>
      </form>
    </section>
  );
}
