import { Title, usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { useNavigate } from 'react-router-dom';
import { showPath } from '../../src/kit/entity/paths';
import { AddInvoiceDialog } from './AddInvoiceDialog';
import './messages';

/**
 * /invoice/create: Add new invoice (spec 2 §2), the dialog the list opens over it, at an address of its
 * own (every office role creates invoices; only admins browse the list); then the invoice's page.
 * Closed, it leaves for the list (admins) or the home page.
 */
export default function InvoiceCreate() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions: role } = usePermissions<Role>();
  return (
    <>
      <Title title={translate('invoices.add_title')} />
      <AddInvoiceDialog onClose={() => navigate(can(role, 'invoices', 'browse') ? '/invoice' : '/')} onCreated={(id) => navigate(showPath('invoice', id), { replace: true })} />
    </>
  );
}
