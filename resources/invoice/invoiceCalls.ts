import { removeDiscount } from '../../core/api/discounts';
import { deleteInvoiceItem, sendInvoice } from '../../core/api/invoices';
import { reversePayment, takePayment } from '../../core/api/payments';
import { keyed } from '../../dataProvider/call';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';

// The changes an invoice's page makes (spec 2 §2, §5), each a declared call; its dialogs' forms send
// theirs through the kit's DeclaredDialog. A change refreshes every open view of invoices, of the
// contract whose invoice it may be (its card's totals) and of customers (a payment by credit, a refund
// to credit). The page and the dialogs say a failure themselves.

/** What a change to an invoice refreshes: its views, its contract's, its customer's. */
export const INVOICE_WRITES = ['invoice', 'contract', 'customer'] as const;

const written = { invalidates: INVOICE_WRITES, meta: { errorDialog: false } };

/** The invoice page's own actions. */
export function useInvoiceCalls() {
  return {
    reverse: useDeclaredMutation(reversePayment, written),
    removeDiscount: useDeclaredMutation(removeDiscount, written),
    send: useDeclaredMutation(sendInvoice, { invalidates: [], meta: { errorDialog: false } }),
    deleteItem: useDeclaredMutation(deleteInvoiceItem, written),
  };
}

/** A payment, with the dialog's Idempotency-Key: a second click or a retry charges once. */
export const useTakePayment = (idempotencyKey: string) => useDeclaredMutation(takePayment, { ...written, callOptions: keyed(idempotencyKey) });
