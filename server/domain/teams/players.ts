import { and, eq, isNull, gt } from 'drizzle-orm';
import { can } from '../../../core/permissions';
import { failedToMovePayment, LEAGUE_MESSAGES } from '../../../core/validation/leagues';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { payments, players } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';
import { recordInvoiceChange } from '../invoices/audit';
import { currentSignup, findTeam, leagueSignup, signupInvoice, type TeamRow } from './access';
import { balanceOf, invoiceFigures } from '../invoices/access';
import { formatUsd, toDollars } from '../../../core/money';

// What a team's roster takes (spec 3 §4, §5, issue 24 item 4): the roster's checks, the player found
// with their team locked, and moving a player's payments on their team's current invoice to the target
// team's of the same league (reverted there, taken here, all or nothing), each audited.

type PlayerRow = typeof players.$inferSelect;

export const auditPlayer = (tx: Tx, user: SessionUser, row: PlayerRow, action: string) =>
  recordChange(tx, { object: 'player', object_id: row.ID, action, user_id: user.ID, new_value: row });

export function assertRosterOpen(user: SessionUser, team: TeamRow) {
  if (team.lock_roster && !can(user.role, 'teams', 'locked_roster')) throw forbidden(LEAGUE_MESSAGES.rosterLocked);
}

export async function assertNotOnTeam(tx: Tx, teamId: number, customerId: number) {
  const [on] = await tx.select({ ID: players.ID }).from(players).where(and(eq(players.team_id, teamId), eq(players.customer_id, customerId)));
  if (on) throw conflict(LEAGUE_MESSAGES.alreadyOnTeam);
}

/** The player by ID with their team locked (through the team's facility wall). */
export async function lockPlayer(tx: Tx, user: SessionUser, id: number): Promise<{ player: PlayerRow; team: TeamRow }> {
  const [found] = await tx.select().from(players).where(eq(players.ID, id));
  if (!found) throw notFound('Player');
  const team = await findTeam(tx, user, found.team_id, { lock: true }).catch(() => { throw notFound('Player'); });
  const [player] = await tx.select().from(players).where(eq(players.ID, id));
  if (!player || player.team_id !== team.ID) throw notFound('Player');
  return { player, team };
}

/**
 * Moves a player's payments on `from`'s current invoice to `to`'s invoice of the same league (else its
 * current one; both teams locked). Answers the moved payments' IDs. When the target invoice has less
 * left to pay than the payments, nothing moves: the 400 says why (the target's balance) and what to do,
 * with the figures as fields for the screen to word (issue 41 m10).
 */
export async function movePayments(tx: Tx, user: SessionUser, from: TeamRow, to: TeamRow, customerId: number): Promise<number[]> {
  const source = await currentSignup(tx, from.ID);
  const sourceInvoice = source ? await signupInvoice(tx, source.signup.ID, { lock: true }) : null;
  if (!sourceInvoice || !source) return [];
  const moving = await tx.select().from(payments).where(and(
    eq(payments.invoice_id, sourceInvoice.ID), eq(payments.player_customer_id, customerId), gt(payments.amount, 0),
    isNull(payments.reversed), isNull(payments.reversal), isNull(payments.refunded), isNull(payments.refund),
  )).orderBy(payments.ID).for('update');
  if (!moving.length) return [];
  const target = await leagueSignup(tx, to.ID, source.league.ID) ?? await currentSignup(tx, to.ID);
  const targetInvoice = target ? await signupInvoice(tx, target.signup.ID, { lock: true }) : null;
  if (!targetInvoice) throw badRequest(LEAGUE_MESSAGES.targetNoInvoice);
  const amount = moving.reduce((sum, p) => sum + p.amount, 0);
  const balance = balanceOf(await invoiceFigures(tx, targetInvoice.ID));
  if (amount > balance) {
    const facts = {
      payment_id: moving[0].ID, amount: toDollars(amount), source_invoice_id: sourceInvoice.ID,
      target_team: to.name, target_invoice_id: targetInvoice.ID, target_balance: toDollars(balance),
    };
    throw badRequest(`${failedToMovePayment(facts.payment_id)}: ${formatUsd(amount)} paid, but invoice #${targetInvoice.ID} of ${to.name} `
      + `has only ${formatUsd(balance)} left to pay. Refund or revert the payment on invoice #${sourceInvoice.ID} first, `
      + `move the player, then take what ${to.name} owes on invoice #${targetInvoice.ID}.`, { move_payment: facts });
  }
  for (const payment of moving) {
    const [reversal] = await tx.insert(payments).values({
      invoice_id: sourceInvoice.ID, amount: -payment.amount, type: payment.type, details: payment.details, square_id: payment.square_id,
      player_customer_id: customerId, reversal: payment.ID, user_id: user.ID,
    }).returning();
    await tx.update(payments).set({ reversed: reversal.ID }).where(eq(payments.ID, payment.ID));
    await tx.insert(payments).values({
      invoice_id: targetInvoice.ID, amount: payment.amount, type: payment.type, details: payment.details, square_id: payment.square_id,
      player_customer_id: customerId, user_id: user.ID,
    });
  }
  await recordInvoiceChange(tx, user, sourceInvoice, 'move_player_payment');
  await recordInvoiceChange(tx, user, targetInvoice, 'move_player_payment');
  return moving.map((p) => p.ID);
}
