import { lazy } from 'react';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { ResourceProps } from 'react-admin';

/**
 * Invoices (spec 2 §2): /invoice is the list (admins), /invoice/{id} one invoice (every office role).
 * The invoice page sits in react-admin's `edit` slot because the spec's route is /invoice/{id}; what
 * it changes goes through its dialogs, each guarded by the role matrix. The registry's guards (src/registry.ts) run
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

/** The customer's invoice link (spec 2 §2): opens without sign-in. */
export const PublicInvoicePage = lazy(() => import('./PublicInvoicePage'));
