import { and, eq } from 'drizzle-orm';
import { toDollars } from '../../../core/money';
import { documentState } from '../../../core/validation/contract';
import type { SessionUser } from '../../auth/session';
import { facilityScope } from '../../auth/guard';
import type { Db, Tx } from '../../db/client';
import { contractLogs, contracts, invoices } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';

// The contract a request works on: it exists and (for anyone but an admin) is the user's facility's,
// else 404 — another facility's contract is indistinguishable from a missing one. Writes take it with
// `lock` (FOR UPDATE) so that changes to one contract and its invoice queue behind each other.

export type ContractRow = typeof contracts.$inferSelect;
type LogAction = (typeof contractLogs.$inferInsert)['action'];

export async function findContract(db: Db | Tx, user: SessionUser, id: number, options: { lock?: boolean } = {}): Promise<ContractRow> {
  const facility = facilityScope(user);
  const query = db.select().from(contracts).where(and(eq(contracts.ID, id), facility === null ? undefined : eq(contracts.facility_id, facility)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Contract');
  return row;
}

/** The contract's own invoice (the first, not a reversal), locked when asked. */
export async function contractInvoice(db: Db | Tx, contractId: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(invoices).where(eq(invoices.contract_id, contractId)).orderBy(invoices.ID).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row ?? null;
}

/** A contract on the wire: money in dollars, the document's state, never the link hash or file names. */
export function contractWire(row: ContractRow) {
  const { sign_link_hash: _h, signed_doc: _s, fee, deposit, ...rest } = row;
  return { ...rest, fee: toDollars(fee), deposit: toDollars(deposit), doc_state: documentState(row) };
}

/** One History row, and the audited contract, in the change's transaction. */
export async function logContract(
  tx: Tx,
  user: SessionUser | null,
  contract: ContractRow,
  action: LogAction,
  change: { events?: number; hours?: number; price?: number } = {},
): Promise<void> {
  await tx.insert(contractLogs).values({
    contract_id: contract.ID, action, user_id: user?.ID ?? null,
    number_modified_events: change.events ?? 0, quantity_variation: change.hours ?? 0, total_price_variation: change.price ?? 0,
  });
  await recordChange(tx, { object: 'contract', object_id: contract.ID, action, user_id: user?.ID ?? null, new_value: contractWire(contract) });
}
