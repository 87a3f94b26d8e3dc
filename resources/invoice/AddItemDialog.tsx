import { AutocompleteInput, NumberInput, ReferenceInput, TextInput, useTranslate } from 'react-admin';
import { addInvoiceItem } from '../../core/api/invoices';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { INVOICE_WRITES } from './invoiceCalls';
import './messages';

// Add item (admins): a line without an event on invoice {id} (POST /invoice/item/{id}): a product sold
// at the invoice's facility or a description, a unit price and a quantity, checked by the call's
// declaration; the server adds the facility's tax and processing fee and merges it with an equal line.

export function AddItemDialog({ invoiceId, facilityId, onClose, onAdded }: { invoiceId: number; facilityId: number; onClose(): void; onAdded(): void }) {
  const translate = useTranslate();
  return (
    <DeclaredDialog title="invoices.add_item" submitLabel="invoices.add_item" endpoint={addInvoiceItem} invalidates={INVOICE_WRITES} onClose={onClose}
      defaultValues={{ quantity: 1 }}
      input={(values) => ({
        params: { id: invoiceId },
        body: { ...(values.new_product_id ? { new_product_id: values.new_product_id } : {}), comment: values.comment ?? '', price: values.price, quantity: values.quantity },
      })}
      onDone={onAdded}>
      {/* The products sold at the invoice's facility, searched by name as typed. */}
      <ReferenceInput source="new_product_id" reference="newproduct" filter={{ facility_id: facilityId }} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
        <AutocompleteInput label={translate('invoices.product')} optionText="name" autoFocus />
      </ReferenceInput>
      <TextInput source="comment" label={translate('invoices.description')} />
      <NumberInput source="price" label={translate('invoices.price')} step={0.01} min={0} />
      <NumberInput source="quantity" label={translate('invoices.quantity')} step={1} min={1} />
    </DeclaredDialog>
  );
}
