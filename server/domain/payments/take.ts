import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_MESSAGES, type PaymentInput } from '../../../core/api/payments';
import { toCents } from '../../../core/money';
import type { SessionUser } from '../../auth/session';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { payments, players } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { assertOpen, findInvoice } from '../invoices/access';
import { recordInvoiceView } from '../invoices/audit';
import { invoiceView } from '../invoices/view';
import { addCredits, paymentWire } from './access';

// Taking a payment (POST /payment, spec 2 §5, §7): cash, check (details.number), wire
// (details.transaction_number), customer credit (spends the invoice customer's credits), card and
// terminal only with the card provider's transaction id; on a team invoice, for a player of the roster
// (or the team's own while it has no players). In one transaction: the invoice row is locked
// FOR UPDATE, the payment written, the balance checked, the changelog entry written — 100 concurrent
// payments cannot overpay.

/** The payment's INSERT, prepared once (its time too is a parameter: a prepared default would be frozen). */
const prepareInsert = (db: Db) => db.insert(payments).values({
  invoice_id: sql.placeholder('invoice'),
  amount: sql.placeholder('amount'),
  type: sql.placeholder('type'),
  details: sql.placeholder('details'),
  square_id: sql.placeholder('square'),
  player_customer_id: sql.placeholder('player'),
  user_id: sql.placeholder('user'),
  CreatedAt: sql.placeholder('now'),
  UpdatedAt: sql.placeholder('now'),
}).returning().prepare('payment_insert');
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();

/**
 * A team invoice's payment is for one player of the roster; a team without players yet (a new team
 * whose captain pays the fee at the desk, issue 41 item 5) pays as the team, with no player.
 */
async function assertTeamPayer(tx: Tx, teamId: number, player: number | null) {
  if (player === null) {
    const [anyone] = await tx.select({ ID: players.ID }).from(players).where(eq(players.team_id, teamId)).limit(1);
    if (anyone) throw badRequest(PAYMENT_MESSAGES.player);
    return;
  }
  const [onTeam] = await tx.select({ ID: players.ID }).from(players).where(and(eq(players.team_id, teamId), eq(players.customer_id, player)));
  if (!onTeam) throw badRequest(PAYMENT_MESSAGES.notOnTeam);
}

/**
 * Records the payment inside `tx`; answers the payment with the invoice's new balance. The payment is
 * written first and the balance checked on the view read after it (the one the changelog records):
 * one read instead of a balance query and a view. A refusal throws, and the transaction takes the
 * payment back with everything else.
 */
export async function takePayment(tx: Tx, user: SessionUser, input: PaymentInput) {
  const invoice = await findInvoice(tx, user, input.invoice_id, { lock: true });
  assertOpen(invoice);
  const amount = toCents(input.amount);
  const player = input.player_customer_id || null;
  const now = nowSeconds();
  const [payment] = await prepared(inserts, tx, prepareInsert).execute({
    invoice: invoice.ID,
    amount,
    type: input.type,
    details: JSON.stringify(input.details ?? {}),
    square: input.square_id || null,
    player,
    user: user.ID,
    now,
  });
  const view = await invoiceView(tx, invoice);
  if (toCents(view.balance) < 0) throw badRequest(PAYMENT_MESSAGES.overBalance);
  if (invoice.team_id !== null) await assertTeamPayer(tx, invoice.team_id, player);
  if (input.type === 'credit') {
    if (invoice.customer_id === null) throw badRequest('No customer in invoice');
    await addCredits(tx, invoice.customer_id, -amount);
  }
  await recordInvoiceView(tx, user, view, 'payment');
  return { ...paymentWire(payment), balance: view.balance, paid: view.paid };
}
