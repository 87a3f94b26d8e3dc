import type { Square } from '../../services/square';
import { holdOrder } from './anyHold';
import { orderCharges } from './cardOrder';
import { holdCharges } from './checkout';
import { invoiceCharges } from './invoices';
import { settleCharge, type PendingCharge } from './pendingCharge';
import type { ReceiptDeps } from './receipt';
import { orderKinds } from './teams';

/**
 * The job of ./pendingCharge.ts over the portal's three card flows: an invoice paid, a class's hold checked
 * out, an order (a team's, a player's, another kind of hold); a charge it records gets its receipt mailed.
 */
export function settlePortalCharge(deps: ReceiptDeps & { square: Square; publicUrl: string }, charge: PendingCharge) {
  const { db, square, publicUrl } = deps;
  const flows = { payment: invoiceCharges(deps), hold: holdCharges(deps), order: orderCharges(deps, { ...orderKinds(publicUrl), hold: holdOrder }) };
  return settleCharge({ db, square, flows }, charge);
}
