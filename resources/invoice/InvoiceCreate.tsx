import { useTranslate } from 'react-admin';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { InvoiceInputs, useNewInvoice } from './InvoiceInputs';
import './messages';

/**
 * /invoice/create: Add new invoice (spec 2 §2) as the invoice resource's create view, a page with the
 * form the list's Add new opens as a dialog (every office role creates invoices; only admins browse the
 * list); saved, the invoice's page.
 */
export default function InvoiceCreate() {
  const translate = useTranslate();
  const { isAdmin, record, toBody } = useNewInvoice();
  return (
    <EntityCreate title={translate('invoices.add_title')} record={record} transform={toBody} inputRules>
      <InvoiceInputs isAdmin={isAdmin} />
    </EntityCreate>
  );
}
