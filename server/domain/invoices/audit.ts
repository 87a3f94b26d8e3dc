import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { recordChange } from '../../services/changelog';
import { invoiceView, type InvoiceView } from './view';
import type { InvoiceRow } from './access';

// Every money write records the invoice as it is after the change (GET /changelog?object=invoice&id=),
// in the write's own transaction: the change and its entry are stored together or not at all.

export async function recordInvoiceChange(tx: Tx, user: SessionUser | null, invoice: InvoiceRow, action: string): Promise<InvoiceView> {
  const view = await invoiceView(tx, invoice);
  await recordInvoiceView(tx, user, view, action);
  return view;
}

/** Records a view the write has just read (inside the transaction, after its change). */
export function recordInvoiceView(tx: Tx, user: SessionUser | null, view: InvoiceView, action: string): Promise<void> {
  return recordChange(tx, { object: 'invoice', object_id: view.ID, action, user_id: user?.ID ?? null, new_value: view });
}
