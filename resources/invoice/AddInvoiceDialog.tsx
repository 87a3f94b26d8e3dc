import { useCallback, useMemo } from 'react';
import { NumberInput, ResourceContextProvider, SelectInput, TextInput, required, useGetIdentity, useTranslate, type RaRecord } from 'react-admin';
import { INVOICE_TYPE } from '../../core/constants';
import { nowSeconds } from '../../core/time';
import { CustomerInput } from '../../src/kit/components/CustomerPicker';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { session } from '../../dataProvider/session';
import { fromDateInput, toDateInput, useProductTypes } from './shared';
import './messages';

// The Add new invoice dialog (spec 2 §2): Facility (admins choose; others invoice at their own),
// Invoice date, Product type (without the hidden ones), Amount (whole cents: more decimals are refused,
// not rounded), Comment, customer. An admin's Facility starts as the header's facility.
// One line with the comment 'Manual Invoice', taxed and charged the processing fee at the facility's rates.
// The invoice resource's create form, checked by POST /invoice's declaration (the amount is the line's
// price, invoice_items.0.price, so that its reasons show under it) and by its inputs' required(); created through react-admin (every
// open list of invoices follows) with an Idempotency-Key. The list's Add new opens it over the list,
// /invoice/create at an address of its own.

export const MANUAL_INVOICE = 'Manual Invoice';

type Line = { price?: number | null };

export function AddInvoiceDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const isAdmin = identity?.role === 'admin';
  const facilities = useFacilityChoices({ enabled: isAdmin });
  const productTypes = useProductTypes(true);
  const ownFacility = identity?.facility_id as number | undefined;
  // The header's facility ('All facilities' leaves the choice to the admin); today.
  const record = useMemo(() => ({ facility_id: session.facilitySelection() || undefined, date: nowSeconds() }), []);
  // The form's values → POST /invoice's body: non-admins invoice at their own facility; one line.
  const toBody = useCallback((values: Record<string, unknown>) => {
    const [line] = (values.invoice_items as Line[] | undefined) ?? [];
    return {
      ...values,
      facility_id: isAdmin ? values.facility_id : ownFacility,
      customer_id: values.customer_id ?? 0,
      comment: values.comment ?? '',
      invoice_type_id: INVOICE_TYPE.GENERAL,
      // The item comment is data, the same in every language (spec 2 §2).
      invoice_items: [{ price: line?.price ?? undefined, quantity: 1, comment: MANUAL_INVOICE }],
    };
  }, [isAdmin, ownFacility]);

  return (
    <ResourceContextProvider value="invoice">
      <EntityDialog target={{ mode: 'create' }} onClose={onClose} titles={{ create: 'invoices.add_title' }} record={record} transform={toBody} alwaysEnable inputRules
        onSaved={(saved: RaRecord) => onCreated(Number(saved.id))}>
        {isAdmin && <SelectInput source="facility_id" label="invoices.facility" choices={facilities} optionValue="ID" optionText="name" validate={required()} fullWidth />}
        <TextInput source="date" type="date" label="invoices.invoice_date" InputLabelProps={{ shrink: true }}
          format={(value: unknown) => (typeof value === 'number' ? toDateInput(value) : '')}
          parse={(value: string) => (value ? fromDateInput(value) : null)} fullWidth />
        <SelectInput source="product_type_id" label="invoices.product_type" choices={productTypes} optionValue="ID" optionText="name" validate={required()} fullWidth />
        <NumberInput source="invoice_items.0.price" label="invoices.amount" validate={required()} step={0.01} />
        <TextInput source="comment" label="invoices.comment" multiline fullWidth />
        <CustomerInput source="customer_id" label={translate('invoices.customer')} />
      </EntityDialog>
    </ResourceContextProvider>
  );
}
