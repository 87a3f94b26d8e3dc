import { useState, type FormEvent } from 'react';
import { PORTAL_MESSAGES, portalInvoice, portalInvoices, portalPay, type PortalInvoice, type PortalInvoiceRow, type PortalPayment } from '../../core/api/portal';
import { formatUsd, isWholeCents, toCents } from '../../core/money';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import { call, CallError } from './api';
import { useCardForm } from './card';
import type { Language, Translate } from './i18n';
import { dateText, Loading, useLoad } from './shared';
import './messages';

// The family's invoices (issue 43 §5): the list, and one invoice as the public invoice page shows it
// (items, discounts, payments and refunds, totals, balance) with Pay by card while a balance is owed.

const usd = (dollars: number) => formatUsd(toCents(dollars));

export function InvoiceList({ t, language, open }: { t: Translate; language: Language; open(id: number): void }) {
  const { data: rows, error } = useLoad<PortalInvoiceRow[]>(() => call(portalInvoices, {}), []);
  return (
    <section>
      <h2>{t('portal.invoices.heading')}</h2>
      <Loading t={t} error={error} ready={rows !== null}>
        {() => (rows!.length === 0 ? <p>{t('portal.invoices.empty')}</p> : (
          <ul className="cards">
            {rows!.map((row) => (
              <li key={row.ID}>
                <p className="name">
                  <a href={`/my/invoices/${row.ID}`} onClick={(e) => { e.preventDefault(); open(row.ID); }}>{t('portal.invoices.number', { id: String(row.ID) })}</a>
                </p>
                <p>{dateText(row.date, language, row.facility.time_zone)} · {row.facility.name}</p>
                <p>{t('portal.invoices.total')}: {usd(row.total)}</p>
                <p className={row.balance_state === 'owed' ? 'name' : undefined}>{t(`portal.invoices.state.${row.balance_state}`, { amount: usd(row.balance) })}</p>
              </li>
            ))}
          </ul>
        ))}
      </Loading>
    </section>
  );
}

export function InvoiceScreen({ t, language, id, back }: { t: Translate; language: Language; id: number; back(): void }) {
  const { data: invoice, error, reload } = useLoad<PortalInvoice>(() => call(portalInvoice, { params: { id } }), [id]);
  const [paid, setPaid] = useState<PortalPayment | null>(null);
  return (
    <section>
      <p><a className="back" href="/my/invoices" onClick={(e) => { e.preventDefault(); back(); }}>{t('portal.invoices.back')}</a></p>
      <h2>{t('portal.invoices.number', { id: String(id) })}</h2>
      <Loading t={t} error={error} ready={invoice !== null}>
        {() => (
          <>
            <InvoiceBody t={t} language={language} invoice={invoice!} />
            {paid && <p role="status" className="done">{t('portal.pay.paid', { amount: usd(paid.amount), balance: usd(paid.balance) })}</p>}
            {invoice!.balance > 0 && invoice!.reversed === null && invoice!.reversal === null && (
              <PayByCard key={invoice!.balance} t={t} invoice={invoice!} onPaid={(payment) => { setPaid(payment); reload(); }} />
            )}
          </>
        )}
      </Loading>
    </section>
  );
}

function InvoiceBody({ t, language, invoice }: { t: Translate; language: Language; invoice: PortalInvoice }) {
  const method = (p: PortalInvoice['payments'][number]) => {
    if (p.reversal) return t('portal.invoices.reversalOf', { id: String(p.reversal) });
    const name = t(`portal.invoices.methods.${p.type}`);
    return p.refund ? t('portal.invoices.refundOf', { method: name }) : name;
  };
  const totals: Array<[string, number]> = [
    ['invoiced', invoice.invoiced], ['taxes', invoice.taxes], ['fees', invoice.fees], ['total', invoice.total], ['discounted', invoice.discounted], ['paid', invoice.paid],
  ];
  return (
    <>
      {(invoice.reversed !== null || invoice.reversal !== null) && <p role="note">{t(invoice.reversed !== null ? 'portal.invoices.reversed' : 'portal.invoices.reversal')}</p>}
      <p>{dateText(invoice.date, language, invoice.facility.time_zone)} · {invoice.facility.name}, {invoice.facility.address}</p>
      {invoice.customer && <p>{invoice.customer.first_name} {invoice.customer.last_name}</p>}
      {invoice.comment && <p>{invoice.comment}</p>}
      <h3>{t('portal.invoices.items')}</h3>
      <ul className="cards">
        {invoice.invoice_items.map((item) => (
          <li key={item.ID}>
            <p className="name">{item.product}</p>
            {item.comment && <p>{item.comment}</p>}
            <p>{t('portal.invoices.line', { quantity: String(item.quantity), price: usd(item.price), total: usd(item.total) })}</p>
          </li>
        ))}
      </ul>
      {invoice.discounts.length > 0 && (
        <>
          <h3>{t('portal.invoices.discounts')}</h3>
          <ul className="cards">{invoice.discounts.map((d) => <li key={d.ID}>{d.name}: {usd(d.amount)}</li>)}</ul>
        </>
      )}
      <h3>{t('portal.invoices.payments')}</h3>
      {invoice.payments.length === 0 ? <p>{t('portal.invoices.noPayments')}</p> : (
        <ul className="cards">
          {invoice.payments.map((p) => (
            <li key={p.ID}>{method(p)} · {dateText(p.CreatedAt, language, invoice.facility.time_zone)} · {usd(p.amount)}</li>
          ))}
        </ul>
      )}
      <dl className="totals">
        {totals.map(([name, value]) => <div key={name}><dt>{t(`portal.invoices.totals.${name}`)}</dt><dd>{usd(value)}</dd></div>)}
        {invoice.refunded > 0 && <div><dt>{t('portal.invoices.totals.refunded')}</dt><dd>{usd(invoice.refunded)}</dd></div>}
        <div className="name"><dt>{t('portal.invoices.totals.balance')}</dt><dd>{usd(invoice.balance)}</dd></div>
      </dl>
      {invoice.refunds_pending > 0 && <p role="note">{t('portal.invoices.refundPending', { amount: usd(invoice.refunds_pending) })}</p>}
    </>
  );
}

/**
 * One checkout attempt, kept in sessionStorage under the invoice: its idempotency key (made once, at the
 * attempt's first Pay) and, once the card is tokenized, the body sent. After a reload, or an answer
 * lost on the way, the same body goes again with the same key: the server answers the first result.
 */
interface Attempt { key: string; amount: number; source_id: string | null }
const attemptName = (invoiceId: number) => `touchline.portal.pay.${invoiceId}`;
function keptAttempt(invoiceId: number): Attempt | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(attemptName(invoiceId)) ?? 'null') as Attempt | null;
    return kept && typeof kept.key === 'string' && typeof kept.amount === 'number' ? kept : null;
  } catch {
    return null;
  }
}
const keepAttempt = (invoiceId: number, attempt: Attempt | null) =>
  (attempt ? sessionStorage.setItem(attemptName(invoiceId), JSON.stringify(attempt)) : sessionStorage.removeItem(attemptName(invoiceId)));

function PayByCard({ t, invoice, onPaid }: { t: Translate; invoice: PortalInvoice; onPaid(payment: PortalPayment): void }) {
  const [attempt, setAttempt] = useState(() => keptAttempt(invoice.ID));
  const [amount, setAmount] = useState(() => String(attempt?.amount ?? invoice.balance));
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const card = useCardForm(t, setMessage);

  const keep = (next: Attempt | null) => { keepAttempt(invoice.ID, next); setAttempt(next); };

  /** Sends the attempt; keeps it when the answer may be lost (a retry answers the first result). */
  const send = async (sent: Attempt & { source_id: string }) => {
    try {
      const payment = await call(portalPay, { params: { id: invoice.ID }, body: { idempotency_key: sent.key, source_id: sent.source_id, amount: sent.amount } });
      keep(null);
      onPaid(payment);
    } catch (e) {
      const refused = e instanceof CallError && e.status < 500 && e.message !== PORTAL_MESSAGES.inProgress;
      // Refused, the server kept nothing under the key: the next Pay is a new attempt.
      if (refused) keep(null);
      setMessage(refused ? t('portal.error', { message: e.message }) : t('portal.pay.unsure'));
    }
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    if (attempt?.source_id) {
      setBusy(true);
      await send({ ...attempt, source_id: attempt.source_id });
      setBusy(false);
      return;
    }
    const dollars = Number(amount);
    if (!amount.trim() || !Number.isFinite(dollars) || dollars <= 0 || !isWholeCents(dollars)) return setMessage(t('portal.pay.amountInvalid'));
    if (toCents(dollars) > toCents(invoice.balance)) return setMessage(t('portal.pay.overBalance', { balance: usd(invoice.balance) }));
    setBusy(true);
    try {
      const key = attempt?.key ?? newIdempotencyKey();
      keep({ key, amount: dollars, source_id: null });
      const token = await card.tokenize();
      if (!token) return;
      const sent = { key, amount: dollars, source_id: token };
      keep(sent);
      await send(sent);
    } finally {
      setBusy(false);
    }
  };

  if (card.error) return <p role="alert">{t('portal.error', { message: card.error })}</p>;
  if (!card.ready) return null;
  const resuming = Boolean(attempt?.source_id);
  return (
    <section aria-labelledby="pay-heading">
      <h3 id="pay-heading">{t('portal.pay.heading')}</h3>
      <form onSubmit={pay} noValidate>
        {resuming ? <p role="note">{t('portal.pay.resume', { amount: usd(attempt!.amount) })}</p> : (
          <>
            <label htmlFor="pay-amount">{t('portal.pay.amount')}</label>
            <input id="pay-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby="pay-balance" />
            <p id="pay-balance">{t('portal.pay.balance', { balance: usd(invoice.balance) })}</p>
            {card.fields}
          </>
        )}
        {message && <p role="alert">{message}</p>}
        <button type="submit" disabled={busy}>{resuming ? t('portal.pay.finish') : t('portal.pay.pay')}</button>
      </form>
    </section>
  );
}
