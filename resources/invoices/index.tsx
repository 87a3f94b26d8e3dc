import { lazy } from 'react';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { ResourceProps } from 'react-admin';

/**
 * Invoices (spec 2 §2): /invoice is the list (admins), /invoice/{id} one invoice (every office role).
 * The invoice page is a ShowBase view in react-admin's `edit` slot because the spec's route is
 * /invoice/{id}; what it changes goes through its dialogs, each guarded by the role matrix. The registry's guards (src/registry.ts) run
 * before anything loads, so whoever may not see a page is told so without a failed request.
 */
const invoices: ResourceProps = {
  name: 'invoice',
  list: lazy(() => import('./InvoiceList')),
  edit: lazy(() => import('./InvoiceShow')),
  icon: ReceiptIcon,
  recordRepresentation: 'ID',
};
export default invoices;

// What other folders show of invoices, each loaded when it first renders (this file is in the entry bundle).

/** The customer's invoice link (spec 2 §2): opens without sign-in. */
export const PublicInvoicePage = lazy(() => import('./PublicInvoicePage'));
/** One invoice's page, embedded (the contract's Invoice tab). */
export const InvoicePage = lazy(() => import('./InvoiceShow'));
/** The event page's Invoice tab. */
export const EventInvoiceTab = lazy(() => import('./EventInvoiceTab'));
export const PaymentDialog = lazy(async () => ({ default: (await import('./PaymentDialog')).PaymentDialog }));
export const DiscountDialog = lazy(async () => ({ default: (await import('./DiscountDialog')).DiscountDialog }));
