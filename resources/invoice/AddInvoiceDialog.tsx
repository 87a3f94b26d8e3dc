import { ResourceContextProvider, type RaRecord } from 'react-admin';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { InvoiceInputs, useNewInvoice } from './InvoiceInputs';
import './messages';

// The Add new invoice dialog (spec 2 §2), over the invoice list and the pages that add one: the
// invoice resource's create form (./InvoiceInputs), created through react-admin (every open list of
// invoices follows) with an Idempotency-Key. /invoice/create is the same form as a page (InvoiceCreate).

export function AddInvoiceDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const { isAdmin, record, toBody } = useNewInvoice();
  return (
    <ResourceContextProvider value="invoice">
      <EntityDialog target={{ mode: 'create' }} onClose={onClose} titles={{ create: 'invoices.add_title' }} record={record} transform={toBody} alwaysEnable inputRules
        onSaved={(saved: RaRecord) => onCreated(Number(saved.id))}>
        <InvoiceInputs isAdmin={isAdmin} />
      </EntityDialog>
    </ResourceContextProvider>
  );
}
