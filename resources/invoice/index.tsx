import { lazy } from 'react';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { EntityResource } from '../../src/kit/entity/types';

/**
 * Invoices (spec 2 §2): /invoice is the list (admins; Add new opens the new invoice over it),
 * /invoice/{id} one invoice (every office role) with its actions, each guarded by the role matrix,
 * /invoice/{id}/edit its comment (and its date, for admins), /invoice/create a new one at an address of
 * its own. The registry's guards (src/app/registry.ts) run before anything loads, so whoever may not
 * see a page is told so without a failed request.
 */
const invoices: EntityResource = {
  name: 'invoice',
  entity: () => import('../../core/api/invoices').then((m) => m.invoiceEntity),
  list: lazy(() => import('./InvoiceList')),
  show: lazy(() => import('./InvoiceShow')),
  edit: lazy(() => import('./InvoiceEdit')),
  create: lazy(() => import('./InvoiceCreate')),
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
