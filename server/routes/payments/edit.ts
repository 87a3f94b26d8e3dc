import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES, transferPayment, transferTargets, updatePaymentDetails } from '../../../core/api/payments';
import { INVOICE_TYPE } from '../../../core/constants';
import { facilityScope } from '../../auth/guard';
import { invoices, leagues, payments, players, teams, teamSignups } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { balanceOf, findInvoice, invoiceFigures } from '../../domain/invoices/access';
import { recordInvoiceChange } from '../../domain/invoices/audit';
import { assertNormal, lockPayment, paymentWire } from '../../domain/payments/access';

// PUT /payment/details/{id}: the details JSON (check number, wire transaction number, note) of a payment.
// PUT /payment/transfer (spec 2 §7): moves a team player's payment to another team's invoice in a
// league (admins and managers): both invoices locked in ID order, the target's balance checked.
// GET /payment/transfer/targets/{id} answers what the transfer dialog offers for payment {id}: the
// leagues of its invoice's facility, each with its other teams that have a live team invoice.

export async function paymentEditRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, updatePaymentDetails, async ({ user, params: { id }, body: { details } }) => {
    return db.transaction(async (tx) => {
      const { invoice } = await lockPayment(tx, user, id);
      const [row] = await tx.update(payments).set({ details: JSON.stringify(details) }).where(eq(payments.ID, id)).returning();
      await recordInvoiceChange(tx, user, invoice, 'payment_details');
      return paymentWire(row);
    });
  });

  serve(app, transferTargets, async ({ user, params: { id } }) => {
    const [found] = await db.select({ invoice_id: payments.invoice_id }).from(payments).where(eq(payments.ID, id));
    if (!found) throw notFound('Payment');
    const source = await findInvoice(db, user, found.invoice_id).catch(() => { throw notFound('Payment'); });
    const rows = await db.selectDistinct({ league: { ID: leagues.ID, name: leagues.name }, team: { ID: teams.ID, name: teams.name } })
      .from(teamSignups)
      .innerJoin(leagues, eq(leagues.ID, teamSignups.league_id))
      .innerJoin(teams, eq(teams.ID, teamSignups.team_id))
      .innerJoin(invoices, and(
        eq(invoices.team_id, teams.ID), eq(invoices.invoice_type_id, INVOICE_TYPE.TEAM), isNull(invoices.reversed), isNull(invoices.reversal),
        eq(invoices.facility_id, source.facility_id),
      ))
      .where(and(eq(leagues.facility_id, source.facility_id), source.team_id === null ? undefined : ne(teams.ID, source.team_id)))
      .orderBy(asc(leagues.name), asc(leagues.ID), asc(teams.name), asc(teams.ID));
    const byLeague = new Map<number, { ID: number; name: string; teams: Array<{ ID: number; name: string }> }>();
    for (const { league, team } of rows) {
      const entry = byLeague.get(league.ID) ?? { ...league, teams: [] };
      entry.teams.push(team);
      byLeague.set(league.ID, entry);
    }
    return [...byLeague.values()];
  });

  serve(app, transferPayment, async ({ user, body: { payment_id, league_id, team_id, player_id } }) => {
    return db.transaction(async (tx) => {
      const facility = facilityScope(user);
      const [target] = await tx.select({ ID: invoices.ID }).from(invoices)
        .innerJoin(teamSignups, and(eq(teamSignups.team_id, invoices.team_id), eq(teamSignups.league_id, league_id)))
        .where(and(
          eq(invoices.team_id, team_id), eq(invoices.invoice_type_id, INVOICE_TYPE.TEAM), isNull(invoices.reversed), isNull(invoices.reversal),
          facility === null ? undefined : eq(invoices.facility_id, facility),
        ))
        .orderBy(asc(invoices.ID))
        .limit(1);
      if (!target) throw badRequest(PAYMENT_MESSAGES.noTargetInvoice);
      const [found] = await tx.select({ invoice_id: payments.invoice_id }).from(payments).where(eq(payments.ID, payment_id));
      if (!found) throw notFound('Payment');
      // Both invoices locked in ID order (lockPayment takes the source's lock again), then the payment.
      for (const invoiceId of [found.invoice_id, target.ID].sort((a, b) => a - b)) {
        await findInvoice(tx, user, invoiceId, { lock: true }).catch(() => { throw notFound('Payment'); });
      }
      const { payment, invoice: source } = await lockPayment(tx, user, payment_id);
      assertNormal(payment);
      if (source.ID === target.ID) throw badRequest('The payment is already on this team’s invoice');
      const [onTeam] = await tx.select({ ID: players.ID }).from(players).where(and(eq(players.team_id, team_id), eq(players.customer_id, player_id)));
      if (!onTeam) throw badRequest(PAYMENT_MESSAGES.notOnTeam);
      if (payment.amount > balanceOf(await invoiceFigures(tx, target.ID))) throw badRequest(PAYMENT_MESSAGES.overBalance);
      const [moved] = await tx.update(payments).set({ invoice_id: target.ID, player_customer_id: player_id }).where(eq(payments.ID, payment.ID)).returning();
      await recordInvoiceChange(tx, user, source, 'transfer_out');
      const targetRow = await findInvoice(tx, user, target.ID);
      await recordInvoiceChange(tx, user, targetRow, 'transfer_in');
      return paymentWire(moved);
    });
  });
}
