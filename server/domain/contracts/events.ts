import { eq } from 'drizzle-orm';
import { CONTRACT_MESSAGES } from '../../../core/validation/contract';
import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { contracts } from '../../db/schema';
import { conflict } from '../../http/errors';
import { hasMoney } from '../invoices/write';
import { contractInvoice, logContract, type ContractRow } from './access';
import { pricedEvents, syncContractInvoice, totalsOf } from './invoice';

// Changing a contract's events (adding, editing, deleting them, or its fee and product type, which
// reprice them): the work runs on the locked contract, then its invoice follows and the History
// records the change.

/**
 * Runs `work` on a locked contract, then brings its invoice in line and logs the change (events
 * modified, hours and price variation); answers the contract's new totals.
 */
export async function changeContractEvents(
  tx: Tx, user: SessionUser, contract: ContractRow, action: 'add_events' | 'edit_events' | 'delete_event' | 'update_base_fee' | 'update_product_type',
  work: () => Promise<number>,
) {
  const before = totalsOf(await pricedEvents(tx, contract));
  const modified = await work();
  // The work may have changed the contract itself (its fee): price with the row as it is now.
  const [current] = await tx.select().from(contracts).where(eq(contracts.ID, contract.ID));
  const after = await syncContractInvoice(tx, user, current);
  if (modified) {
    await logContract(tx, user, current, action, {
      events: modified, hours: Math.round((after.hours - before.hours) * 100) / 100, price: after.total - before.total,
    });
  }
  return { modified, ...after };
}

/** Refuses to delete events once the contract's invoice took a payment (spec 2 §8). */
export async function assertNoPayments(tx: Tx, contract: ContractRow) {
  const invoice = await contractInvoice(tx, contract.ID);
  if (invoice && (await hasMoney(tx, invoice.ID))) throw conflict(CONTRACT_MESSAGES.hasPayments);
}
