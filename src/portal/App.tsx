import { useEffect, useState, type FormEvent } from 'react';
import { portalAddChild, portalLogin, portalLogout, portalMe, portalSchedule, portalSession, type PortalMe, type PortalScheduleItem } from '../../core/api/portal';
import { portalSignWaiver, portalWaivers, type PortalWaiver } from '../../core/api/waivers';
import { formatUsPhone } from '../../core/validation/phone';
import { call, CallError, keepToken, portalToken } from './api';
import { initialLanguage, keepLanguage, translator, type Language, type Translate } from './i18n';
import { ConsentSwitch, PasswordForm, PasswordLogin } from './Account';
import { Calendar } from './Calendar';
import { ContactForm } from './Contact';
import { InvoiceList, InvoiceScreen } from './Invoices';
import { HoldScreen, RegisterScreen } from './Register';
import { DivisionScreen, JoinScreen, TeamsScreen } from './Teams';
import { dateText, Loading, useLoad } from './shared';
import './messages';
import './registerMessages';

// The families' site at /my (issue 43): sign-in from a mailed link (or a password), the family (with
// the contact details, the consent and the password), the schedule, the invoices (paid by card), the
// calendar feed and the waivers. Mobile first, plain React (its own small bundle: no admin kit),
// English and Spanish.

type Route = { page: 'login' } | { page: 'link'; token: string } | { page: 'family' } | { page: 'register' } | { page: 'hold'; id: number } | { page: 'schedule' } | { page: 'invoices' } | { page: 'invoice'; id: number }
  | { page: 'teams' } | { page: 'division'; id: number } | { page: 'join'; token: string } | { page: 'calendar' } | { page: 'waivers' };

const PAGES = ['family', 'register', 'schedule', 'invoices', 'teams', 'calendar', 'waivers'] as const;

/** Where a signed-out visitor was going (an invite link, a league's page): opened again once signed in. */
const AFTER_SIGN_IN = 'touchline.portal.after';

function routeOf(pathname: string): Route {
  const link = pathname.match(/^\/my\/login\/([A-Za-z0-9_-]{43})$/);
  if (link) return { page: 'link', token: link[1] };
  if (!portalToken() || pathname.startsWith('/my/login')) {
    if (/^\/my\/(join|divisions|holds)\//.test(pathname)) localStorage.setItem(AFTER_SIGN_IN, pathname);
    return { page: 'login' };
  }
  const join = pathname.match(/^\/my\/join\/([A-Za-z0-9_-]{43})$/);
  if (join) return { page: 'join', token: join[1] };
  const division = pathname.match(/^\/my\/divisions\/([0-9]{1,10})$/);
  if (division) return { page: 'division', id: Number(division[1]) };
  const invoice = pathname.match(/^\/my\/invoices\/([0-9]{1,10})$/);
  if (invoice) return { page: 'invoice', id: Number(invoice[1]) };
  const hold = pathname.match(/^\/my\/holds\/([0-9]{1,10})$/);
  if (hold) return { page: 'hold', id: Number(hold[1]) };
  const page = PAGES.find((name) => pathname === `/my/${name}`);
  return { page: page ?? 'family' };
}

export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [route, setRoute] = useState<Route>(() => routeOf(location.pathname));
  const t = translator(language);
  useEffect(() => { document.documentElement.lang = language; document.title = t('portal.title'); }, [language, t]);
  useEffect(() => {
    const onPop = () => setRoute(routeOf(location.pathname));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const go = (path: string) => { history.pushState(null, '', path); setRoute(routeOf(path)); };
  const switchLanguage = () => { const next = language === 'en' ? 'es' : 'en'; keepLanguage(next); setLanguage(next); };
  const signOut = async () => { await call(portalLogout, {}).catch(() => undefined); keepToken(null); go('/my/login'); };
  const signedIn = route.page !== 'login' && route.page !== 'link';
  const current = route.page === 'invoice' ? 'invoices' : route.page === 'division' || route.page === 'join' ? 'teams' : route.page === 'hold' ? 'register' : route.page;
  const afterSignIn = () => {
    const after = localStorage.getItem(AFTER_SIGN_IN);
    localStorage.removeItem(AFTER_SIGN_IN);
    go(after ?? '/my');
  };

  return (
    <>
      <header>
        <h1>{t('portal.title')}</h1>
        <div className="actions">
          <button type="button" className="link" onClick={switchLanguage} lang={language === 'en' ? 'es' : 'en'}>{t('portal.language')}</button>
          {signedIn && <button type="button" className="link" onClick={signOut}>{t('portal.nav.signOut')}</button>}
        </div>
      </header>
      {signedIn && (
        <nav aria-label={t('portal.title')}>
          {PAGES.map((page) => {
            const path = page === 'family' ? '/my' : `/my/${page}`;
            return <a key={page} href={path} aria-current={current === page ? 'page' : undefined} onClick={(e) => { e.preventDefault(); go(path); }}>{t(`portal.nav.${page}`)}</a>;
          })}
        </nav>
      )}
      <main>
        {route.page === 'login' && <Login t={t} onSignedIn={afterSignIn} />}
        {route.page === 'link' && <LinkExchange t={t} token={route.token} onDone={afterSignIn} onAgain={() => go('/my/login')} />}
        {route.page === 'family' && <Family t={t} language={language} />}
        {route.page === 'schedule' && <Schedule t={t} language={language} />}
        {route.page === 'waivers' && <Waivers t={t} language={language} />}
        {route.page === 'invoices' && <InvoiceList t={t} language={language} open={(id) => go(`/my/invoices/${id}`)} />}
        {route.page === 'invoice' && <InvoiceScreen key={route.id} t={t} language={language} id={route.id} back={() => go('/my/invoices')} />}
        {route.page === 'teams' && <TeamsScreen t={t} language={language} openInvoice={(id) => go(`/my/invoices/${id}`)} />}
        {route.page === 'division' && <DivisionScreen key={route.id} t={t} language={language} id={route.id} openTeams={() => go('/my/teams')} openRegister={() => go('/my/register')} />}
        {route.page === 'join' && <JoinScreen key={route.token} t={t} language={language} token={route.token} />}
        {route.page === 'calendar' && <Calendar t={t} />}
        {route.page === 'register' && <RegisterScreen t={t} language={language} openHold={(id) => go(`/my/holds/${id}`)} />}
        {route.page === 'hold' && <HoldScreen key={route.id} t={t} language={language} id={route.id} />}
      </main>
    </>
  );
}

function Login({ t, onSignedIn }: { t: Translate; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'form' | 'sending' | 'sent'>('form');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    setError('');
    try {
      await call(portalLogin, { body: { email } });
      setState('sent');
    } catch (e) {
      setError(t('portal.error', { message: (e as Error).message }));
      setState('form');
    }
  };
  return (
    <section>
      <h2>{t('portal.login.heading')}</h2>
      {state === 'sent' ? <p role="status">{t('portal.login.sent')}</p> : (
        <form onSubmit={submit}>
          <p>{t('portal.login.intro')}</p>
          <label htmlFor="email">{t('portal.login.email')}</label>
          <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          {error && <p role="alert">{error}</p>}
          <button type="submit" disabled={state === 'sending'}>{t('portal.login.send')}</button>
        </form>
      )}
      <PasswordLogin t={t} onSignedIn={onSignedIn} />
    </section>
  );
}

function LinkExchange({ t, token, onDone, onAgain }: { t: Translate; token: string; onDone: () => void; onAgain: () => void }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    call(portalSession, { body: { token } }).then((opened) => { keepToken(opened.token); onDone(); }, () => setFailed(true));
    // The link is spent once: no second exchange on a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return (
    <section>
      <h2>{t('portal.login.heading')}</h2>
      {failed ? (
        <>
          <p role="alert">{t('portal.login.expired')}</p>
          <button type="button" onClick={onAgain}>{t('portal.login.again')}</button>
        </>
      ) : <p role="status">{t('portal.login.opening')}</p>}
    </section>
  );
}

function Family({ t, language }: { t: Translate; language: Language }) {
  const { data: me, error, reload } = useLoad<PortalMe>(() => call(portalMe, {}), []);
  return (
    <Loading t={t} error={error} ready={me !== null}>
      {() => {
        const family = me!;
        const nameOf = (id: number) => [family.holder, ...family.children].find((m) => m.ID === id)?.first_name ?? '';
        return (
          <>
            <section>
              <h2>{t('portal.family.holder')}</h2>
              <p className="name">{family.holder.first_name} {family.holder.last_name}</p>
              <p>{family.holder.email}<br />{formatUsPhone(family.holder.phone)}</p>
            </section>
            <section>
              <h2>{t('portal.family.children')}</h2>
              {family.children.length === 0 ? <p>{t('portal.family.noChildren')}</p> : (
                <ul className="cards">
                  {family.children.map((child) => (
                    <li key={child.ID}>
                      <p className="name">{child.first_name} {child.last_name}</p>
                      {child.birthdate !== null && <p>{t('portal.family.born', { date: dateText(child.birthdate, language) })}</p>}
                      <p>{child.waiver_signed ? t('portal.family.waiver') : t('portal.family.noWaiver')}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {family.memberships.length > 0 && (
              <section>
                <h2>{t('portal.family.memberships')}</h2>
                <ul className="cards">
                  {family.memberships.map((m) => (
                    <li key={m.ID}>
                      <p className="name">{m.product ?? ''} · {nameOf(m.customer_id)}</p>
                      <p>{t(m.active ? 'portal.family.until' : 'portal.family.expired', { date: dateText(m.valid_until, language) })}</p>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <ContactForm t={t} family={family} onSaved={reload} />
            <AddChild t={t} onAdded={reload} />
            <ConsentSwitch t={t} language={language} family={family} onChanged={reload} />
            <PasswordForm t={t} hasPassword={family.has_password} onSaved={reload} />
          </>
        );
      }}
    </Loading>
  );
}

function AddChild({ t, onAdded }: { t: Translate; onAdded: () => void }) {
  const empty = { first_name: '', last_name: '', birth_date: '', gender: 'Girl' as 'Boy' | 'Girl' };
  const [child, setChild] = useState(empty);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const field = (name: 'first_name' | 'last_name' | 'birth_date') => ({
    id: `child-${name}`, value: child[name], required: true, onChange: (e: { target: { value: string } }) => setChild({ ...child, [name]: e.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const added = await call(portalAddChild, { body: child });
      setMessage({ ok: true, text: t('portal.family.added', { name: added.first_name }) });
      setChild(empty);
      onAdded();
    } catch (e) {
      setMessage({ ok: false, text: t('portal.error', { message: (e as Error).message }) });
    }
  };
  return (
    <section>
      <h2>{t('portal.family.addChild')}</h2>
      <form onSubmit={submit}>
        <label htmlFor="child-first_name">{t('portal.family.firstName')}</label>
        <input {...field('first_name')} autoComplete="off" />
        <label htmlFor="child-last_name">{t('portal.family.lastName')}</label>
        <input {...field('last_name')} autoComplete="off" />
        <label htmlFor="child-birth_date">{t('portal.family.birthDate')}</label>
        <input {...field('birth_date')} type="date" />
        <fieldset>
          <legend>{t('portal.family.gender')}</legend>
          {(['Girl', 'Boy'] as const).map((gender) => (
            <label key={gender} className="choice">
              <input type="radio" name="gender" value={gender} checked={child.gender === gender} onChange={() => setChild({ ...child, gender })} />
              {t(gender === 'Boy' ? 'portal.family.boy' : 'portal.family.girl')}
            </label>
          ))}
        </fieldset>
        {message && <p role={message.ok ? 'status' : 'alert'}>{message.text}</p>}
        <button type="submit">{t('portal.family.add')}</button>
      </form>
    </section>
  );
}

const DAY = 86400;
const SPAN = 14 * DAY;

function Schedule({ t, language }: { t: Translate; language: Language }) {
  const [from, setFrom] = useState(() => Math.floor(Date.now() / 1000 / DAY) * DAY);
  const { data: items, error } = useLoad<PortalScheduleItem[]>(() => call(portalSchedule, { query: { from, to: from + SPAN } }), [from]);
  const when = (item: PortalScheduleItem) => {
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: item.facility.time_zone });
    return `${format.format(item.start * 1000)} – ${new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: item.facility.time_zone }).format(item.end * 1000)}`;
  };
  return (
    <section>
      <h2>{t('portal.schedule.heading')}</h2>
      <p>{t('portal.schedule.range', { from: dateText(from, language), to: dateText(from + SPAN - DAY, language) })}</p>
      <div className="pager">
        <button type="button" onClick={() => setFrom(from - SPAN)}>{t('portal.schedule.previous')}</button>
        <button type="button" onClick={() => setFrom(from + SPAN)}>{t('portal.schedule.next')}</button>
      </div>
      <Loading t={t} error={error} ready={items !== null}>
        {() => (items!.length === 0 ? <p>{t('portal.schedule.empty')}</p> : (
          <ul className="cards">
            {items!.map((item) => (
              <li key={item.uid}>
                <p className="kind">{t(`portal.schedule.kinds.${item.kind}`)}</p>
                <p className="name">{item.title}</p>
                <p><time dateTime={new Date(item.start * 1000).toISOString()}>{when(item)}</time></p>
                <p>{item.field ? t('portal.schedule.field', { field: item.field }) : ''}</p>
                <p>{item.facility.name}, {item.facility.address}</p>
              </li>
            ))}
          </ul>
        ))}
      </Loading>
    </section>
  );
}

/** The waivers to sign (issue 43 §6): each facility's current text, then a card per family member. */
function Waivers({ t, language }: { t: Translate; language: Language }) {
  const { data: waivers, error, reload } = useLoad<PortalWaiver[]>(() => call(portalWaivers, {}), []);
  return (
    <Loading t={t} error={error} ready={waivers !== null}>
      {() => {
        const versions = [...new Map(waivers!.map((w) => [w.version.ID, w])).values()];
        if (versions.length === 0) return <section><h2>{t('portal.waivers.heading')}</h2><p>{t('portal.waivers.none')}</p></section>;
        return versions.map(({ version, facility }) => (
          <section key={version.ID} aria-labelledby={`waiver-${version.ID}`}>
            <h2 id={`waiver-${version.ID}`}>{t('portal.waivers.of', { facility: facility.name })}</h2>
            <div className="waiver-text">{version.text}</div>
            <ul className="cards">
              {waivers!.filter((w) => w.version.ID === version.ID).map((w) => (
                <li key={w.customer_id}>
                  <p className="name">{w.first_name} {w.last_name}</p>
                  {w.signed
                    ? <p>{t('portal.waivers.signed', { name: w.signed.full_name, date: dateText(w.signed.signed_at, language) })}</p>
                    : <SignWaiver t={t} waiver={w} onSigned={reload} />}
                </li>
              ))}
            </ul>
          </section>
        ));
      }}
    </Loading>
  );
}

function SignWaiver({ t, waiver, onSigned }: { t: Translate; waiver: PortalWaiver; onSigned: () => void }) {
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const id = `sign-${waiver.version.ID}-${waiver.customer_id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!consent) { setMessage(t('portal.waivers.consentNeeded')); return; }
    setSending(true);
    setMessage('');
    try {
      await call(portalSignWaiver, { body: { customer_id: waiver.customer_id, version_id: waiver.version.ID, full_name: fullName, consent: true } });
      onSigned();
    } catch (e) {
      setMessage(e instanceof CallError && e.status === 409 ? t('portal.waivers.newVersion') : t('portal.error', { message: (e as Error).message }));
      if (e instanceof CallError && e.status === 409) onSigned();
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={t('portal.waivers.signFor', { name: waiver.first_name })}>
      <label htmlFor={`${id}-name`}>{t('portal.waivers.fullName')}</label>
      <input id={`${id}-name`} type="text" autoComplete="name" required minLength={3} maxLength={200} value={fullName} onChange={(e) => setFullName(e.target.value)} />
      <label className="choice">
        <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        {t('portal.waivers.consent', { name: `${waiver.first_name} ${waiver.last_name}` })}
      </label>
      {message && <p role="alert">{message}</p>}
      <button type="submit" disabled={sending}>{t('portal.waivers.sign')}</button>
    </form>
  );
}
