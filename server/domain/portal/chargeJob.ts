import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Square } from '../../services/square';
import { holdOrder } from './anyHold';
import { orderCharges } from './cardOrder';
import { holdCharges } from './checkout';
import { invoiceCharges } from './invoices';
import { settleCharge, type PendingCharge } from './pendingCharge';
import { orderKinds } from './teams';

/** The job of ./pendingCharge.ts over the portal's three card flows: an invoice paid, a class's hold checked out, an order (a team's, a player's, another kind of hold). */
export function settlePortalCharge(deps: { db: Db; square: Square; log: FastifyBaseLogger; publicUrl: string }, charge: PendingCharge) {
  const { db, square, log, publicUrl } = deps;
  const flows = { payment: invoiceCharges(db), hold: holdCharges({ db, log }), order: orderCharges(db, { ...orderKinds(publicUrl), hold: holdOrder }) };
  return settleCharge({ db, square, flows }, charge);
}
