import { useEffect, useState, type FormEvent } from 'react';
import { portalMe, type PortalMe } from '../../core/api/portal';
import {
  portalCheckout, portalHold, portalHoldCreate, portalHoldExtend, portalOfferings, portalWaitlistJoin, type Offering, type PortalCheckout, type PortalHold,
} from '../../core/api/portalOfferings';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import { formatUsd, toCents } from '../../core/money';
import { call, CallError } from './api';
import { useCardForm } from './card';
import { HoldLines } from './HoldPrice';
import { hasWaitlist, HoldDetailsInputs, holdsOnline, slotText, type HoldDetails } from './HoldDetails';
import type { Language, Translate } from './i18n';
import { dateText, Loading, useLoad } from './shared';
import './messages';
import './registerMessages';

// Online registration (issue 44): what the family's facility has open, each with its price now, places
// left and who may register; holding places (then paying for them before the countdown ends, with one
// extension), or joining the waitlist of a full class, camp or pickup game.

const usd = (dollars: number) => formatUsd(toCents(dollars));

const memberNames = (me: PortalMe) => new Map([me.holder, ...me.children].map((m) => [m.ID, `${m.first_name} ${m.last_name}`]));

export function RegisterScreen({ t, language, openHold }: { t: Translate; language: Language; openHold(id: number): void }) {
  const { data, error } = useLoad(async () => {
    const me = await call(portalMe, {});
    return { me, offerings: await call(portalOfferings, { query: { facility_id: me.holder.facility_id } }) };
  }, []);
  return (
    <section>
      <h2>{t('portal.register.heading')}</h2>
      <Loading t={t} error={error} ready={data !== null}>
        {() => (data!.offerings.length === 0 ? <p>{t('portal.register.empty')}</p> : (
          <ul className="cards">
            {data!.offerings.map((o) => <li key={`${o.type}-${o.ID}-${o.registration}`}><OfferingCard t={t} language={language} offering={o} names={memberNames(data!.me)} openHold={openHold} /></li>)}
          </ul>
        ))}
      </Loading>
    </section>
  );
}

function OfferingCard({ t, language, offering: o, names, openHold }: { t: Translate; language: Language; offering: Offering; names: Map<number, string>; openHold(id: number): void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [message, setMessage] = useState('');
  const [fullNow, setFull] = useState(o.waitlist_open);
  const [busy, setBusy] = useState(false);
  const [details, setDetails] = useState<HoldDetails>({});
  // A pickup session is full game by game: the chosen game's, or the one a hold was just refused for.
  const [fullGames, setFullGames] = useState(() => new Set(o.slots.filter((s) => s.waitlist_open).map((s) => s.event_id)));
  const full = o.type === 'pickup' ? details.event_id !== undefined && fullGames.has(details.event_id) : fullNow;
  const holdable = holdsOnline(o);
  const group = `offering-${o.type}-${o.ID}`;
  const toggle = (id: number) => setChosen((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id]));
  const hold = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setMessage(t('portal.register.pickNone'));
    setBusy(true);
    setMessage('');
    try {
      openHold((await call(portalHoldCreate, { body: { offering: { type: o.type, id: o.ID }, participant_ids: chosen, ...details } })).ID);
    } catch (e) {
      if (e instanceof CallError && e.waitlistOpen && hasWaitlist(o)) {
        setFull(true);
        if (details.event_id !== undefined) setFullGames((games) => new Set(games).add(details.event_id!));
      }
      setMessage(t('portal.error', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  const wait = async (id: number) => {
    try {
      const entry = await call(portalWaitlistJoin, { body: { offering: { type: o.type, id: o.ID }, participant_id: id, ...(details.event_id !== undefined && { event_id: details.event_id }) } });
      setMessage(t('portal.register.position', { name: names.get(id) ?? '', position: String(entry.position) }));
    } catch (e) {
      setMessage(t('portal.error', { message: (e as Error).message }));
    }
  };
  return (
    <form onSubmit={hold} aria-labelledby={`${group}-name`} noValidate>
      <p className="name" id={`${group}-name`}>{t(`portal.register.kinds.${o.type}`)} · {o.name}</p>
      {o.start_date !== null && o.end_date !== null && <p>{t('portal.register.dates', { from: dateText(o.start_date, language), to: dateText(o.end_date, language) })}</p>}
      <p>{t('portal.register.price', { price: usd(o.price) })}</p>
      {o.price_rule === 'early_bird' && o.early_bird_until !== null && <p>{t('portal.register.earlyBird', { date: dateText(o.early_bird_until, language), regular: usd(o.regular_price) })}</p>}
      {o.price_rule === 'prorated' && <p>{t('portal.register.prorated', { regular: usd(o.regular_price) })}</p>}
      {o.deposit !== null && <p>{t('portal.register.deposit', { amount: usd(o.deposit) })}</p>}
      {o.membership_required && <p>{o.membership_price === null ? t('portal.register.membershipDesk') : t('portal.register.membership', { price: usd(o.membership_price) })}</p>}
      {o.seats_left !== null && <p>{full ? t('portal.register.full') : t('portal.register.seats', { count: String(o.seats_left) })}</p>}
      {o.type === 'pickup' && full && <p>{t('portal.register.full')}</p>}
      {!holdable ? <p>{t('portal.register.frontDesk')}</p> : (
        <>
          <HoldDetailsInputs t={t} language={language} offering={o} group={group} onChange={setDetails} />
          <fieldset>
            <legend>{t('portal.register.who')}</legend>
            {o.eligibility.map((e) => (
              <div key={e.customer_id}>
                <input type="checkbox" id={`${group}-${e.customer_id}`} disabled={!e.eligible} checked={chosen.includes(e.customer_id)} onChange={() => toggle(e.customer_id)}
                  aria-describedby={e.reason ? `${group}-${e.customer_id}-why` : undefined} />
                <label htmlFor={`${group}-${e.customer_id}`}>{names.get(e.customer_id)}</label>
                {e.reason && <span id={`${group}-${e.customer_id}-why`}> ({e.reason})</span>}
              </div>
            ))}
          </fieldset>
          {full
            ? chosen.map((id) => <button key={id} type="button" onClick={() => wait(id)}>{t('portal.register.waitlist', { name: names.get(id) ?? '' })}</button>)
            : <button type="submit" disabled={busy}>{t('portal.register.hold')}</button>}
        </>
      )}
      {message && <p role="status">{message}</p>}
    </form>
  );
}

const two = (n: number) => String(n).padStart(2, '0');
/** m:ss of a number of seconds, h:mm:ss from an hour (a place offered from the waitlist is held for a day). */
const clock = (seconds: number) => (seconds >= 3600
  ? `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`
  : `${Math.floor(seconds / 60)}:${two(seconds % 60)}`);
/** The extension (WCAG 2.2.1) is offered once the time left is a hold's own ten minutes or less. */
const EXTEND_FROM = 600;
const keyName = (holdId: number) => `touchline.portal.checkout.${holdId}`;

export function HoldScreen({ t, language, id }: { t: Translate; language: Language; id: number }) {
  const { data, error, reload } = useLoad(async () => ({ hold: await call(portalHold, { params: { id } }), me: await call(portalMe, {}) }), [id]);
  const [hold, setHold] = useState<PortalHold | null>(null);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const [paid, setPaid] = useState<PortalCheckout | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const card = useCardForm(t, setMessage);
  useEffect(() => { if (data) setHold(data.hold); }, [data]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  const extend = async () => {
    try {
      setHold(await call(portalHoldExtend, { params: { id } }));
    } catch (e) {
      setMessage(t('portal.error', { message: (e as Error).message }));
    }
  };
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    setBusy(true);
    try {
      const source_id = await card.tokenize();
      if (!source_id) return;
      // One key per attempt, kept across a reload: a retry answers the first result.
      const key = sessionStorage.getItem(keyName(id)) ?? newIdempotencyKey();
      sessionStorage.setItem(keyName(id), key);
      setPaid(await call(portalCheckout, { params: { id }, body: { idempotency_key: key, source_id } }));
      sessionStorage.removeItem(keyName(id));
    } catch (e) {
      // Refused (4xx): nothing is kept under the key. No answer, or one Square left unknown (503): the key
      // is kept (the charge, if any, is recorded within minutes; a retry cannot charge twice).
      const refused = e instanceof CallError && e.status < 500;
      if (refused) sessionStorage.removeItem(keyName(id));
      setMessage(refused ? t('portal.error', { message: (e as Error).message }) : t('portal.hold.unsure'));
      reload();
    } finally {
      setBusy(false);
    }
  };
  const ready = hold !== null && data !== null && card.ready;
  return (
    <section>
      <Loading t={t} error={error || card.error} ready={ready}>
        {() => {
          const h = hold!;
          const names = memberNames(data!.me);
          const left = Math.max(0, h.expires_at - now);
          const open = h.status === 'held' && left > 0;
          return (
            <>
              <h2>{h.is_offer ? t('portal.hold.offer') : t('portal.hold.heading')}</h2>
              <p className="name">{h.offering.name}</p>
              {h.slot && <p>{slotText(h.slot.start_date, h.slot.end_date, language, h.slot.time_zone)}</p>}
              <HoldLines t={t} hold={h} names={names} />
              {h.taxes > 0 && <p>{t('portal.hold.taxes', { amount: usd(h.taxes) })}</p>}
              {h.fees > 0 && <p>{t('portal.hold.fees', { amount: usd(h.fees) })}</p>}
              <p className="name">{t('portal.hold.total', { amount: usd(h.total) })}</p>
              {paid ? <p role="status" className="done">{t('portal.hold.paid', { amount: usd(paid.amount), invoice: String(paid.invoice_id) })}</p>
                : h.status === 'done' ? <p role="status">{t('portal.hold.done')}</p>
                  : !open ? <p role="alert">{t('portal.hold.expired')}</p> : (
                    <>
                      <p role="timer" aria-live="off">{t('portal.hold.left', { time: clock(left) })}</p>
                      {left < 60 && <p role="alert">{t('portal.hold.soon')}</p>}
                      {h.extended ? <p>{t('portal.hold.extended')}</p> : left <= EXTEND_FROM && <button type="button" onClick={extend}>{t('portal.hold.extend')}</button>}
                      <form onSubmit={pay} noValidate aria-label={t('portal.pay.heading')}>
                        {card.fields}
                        <button type="submit" disabled={busy}>{t('portal.hold.pay', { amount: usd(h.total) })}</button>
                      </form>
                    </>
                  )}
              {message && <p role="alert">{message}</p>}
            </>
          );
        }}
      </Loading>
    </section>
  );
}
