import { lazy } from 'react';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { ResourceProps } from 'react-admin';
import { RequirePage } from '../../src/layout/RequirePage';

const List = lazy(() => import('./InvoiceList'));
const Show = lazy(() => import('./InvoiceShow'));

/**
 * Invoices (spec 2 §2): /invoice is the list (admins), /invoice/{id} one invoice (every office role).
 * The invoice page sits in react-admin's `edit` slot because the spec's route is /invoice/{id}; what
 * it changes goes through its dialogs, each guarded by the role matrix. The page guards run before
 * anything loads, so whoever may not see a page is sent away without a failed request.
 */
const invoices: ResourceProps = {
  name: 'invoice',
  list: () => <RequirePage page="page:invoices"><List /></RequirePage>,
  edit: () => <RequirePage page="page:invoice"><Show /></RequirePage>,
  icon: ReceiptIcon,
  recordRepresentation: 'ID',
};
export default invoices;
