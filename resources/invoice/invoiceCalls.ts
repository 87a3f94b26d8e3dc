import { applyDiscount, removeDiscount } from '../../core/api/discounts';
import { addInvoiceItem, deleteInvoiceItem, sendInvoice, setInvoiceFee, setItemPrice } from '../../core/api/invoices';
import { reversePayment, takePayment, transferPayment, updatePaymentDetails } from '../../core/api/payments';
import { keyed } from '../../dataProvider/call';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';

// The changes an invoice's page and dialogs make (spec 2 §2, §5), each a declared call. A change
// refreshes every open view of invoices, of the contract whose invoice it may be (its card's totals)
// and of customers (a payment by credit, a refund to credit). The page and the dialogs say a failure
// themselves.

const written = { invalidates: ['invoice', 'contract', 'customer'], meta: { errorDialog: false } };

/** The invoice page's own actions. */
export function useInvoiceCalls() {
  return {
    reverse: useDeclaredMutation(reversePayment, written),
    removeDiscount: useDeclaredMutation(removeDiscount, written),
    send: useDeclaredMutation(sendInvoice, { invalidates: [], meta: { errorDialog: false } }),
    itemPrice: useDeclaredMutation(setItemPrice, written),
    fee: useDeclaredMutation(setInvoiceFee, written),
    deleteItem: useDeclaredMutation(deleteInvoiceItem, written),
    details: useDeclaredMutation(updatePaymentDetails, written),
  };
}

export const useApplyDiscount = () => useDeclaredMutation(applyDiscount, written);
export const useAddItem = () => useDeclaredMutation(addInvoiceItem, written);
export const useTransferPayment = () => useDeclaredMutation(transferPayment, written);
export const useRefundPayment = () => useDeclaredMutation(reversePayment, written);
/** A payment, with the dialog's Idempotency-Key: a second click or a retry charges once. */
export const useTakePayment = (idempotencyKey: string) => useDeclaredMutation(takePayment, { ...written, callOptions: keyed(idempotencyKey) });
