import { useCallback, useMemo } from 'react';
import { NumberInput, SelectInput, TextInput, required, useGetIdentity, useTranslate } from 'react-admin';
import { INVOICE_TYPE } from '../../core/constants';
import { nowSeconds } from '../../core/time';
import { CustomerInput } from '../../src/kit/components/CustomerPicker';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { session } from '../../dataProvider/session';
import { fromDateInput, toDateInput, useProductTypes } from './shared';
import './messages';

// A new invoice's form (spec 2 §2), shared by the Add new invoice dialog and the create view at
// /invoice/create: Facility (admins choose; others invoice at their own), Invoice date, Product type
// (without the hidden ones), Amount (whole cents: more decimals are refused, not rounded), Comment,
// customer. An admin's Facility starts as the header's facility. One line with the comment
// 'Manual Invoice', taxed and charged the processing fee at the facility's rates. Checked by POST
// /invoice's declaration (the amount is the line's price, invoice_items.0.price, so that its reasons
// show under it) and by its inputs' required().

export const MANUAL_INVOICE = 'Manual Invoice';

type Line = { price?: number | null };

/** The new invoice's starting values and what its save sends (POST /invoice's body). */
export function useNewInvoice() {
  const { identity } = useGetIdentity();
  const isAdmin = identity?.role === 'admin';
  const ownFacility = identity?.facility_id as number | undefined;
  // The header's facility ('All facilities' leaves the choice to the admin); today.
  const record = useMemo(() => ({ facility_id: session.facilitySelection() || undefined, date: nowSeconds() }), []);
  // Non-admins invoice at their own facility; one line.
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
  return { isAdmin, record, toBody };
}

export function InvoiceInputs({ isAdmin }: { isAdmin: boolean }) {
  const translate = useTranslate();
  const facilities = useFacilityChoices({ enabled: isAdmin });
  const productTypes = useProductTypes(true);
  return (
    <>
      {isAdmin && <SelectInput source="facility_id" label="invoices.facility" choices={facilities} optionValue="ID" optionText="name" validate={required()} fullWidth />}
      <TextInput source="date" type="date" label="invoices.invoice_date" InputLabelProps={{ shrink: true }}
        format={(value: unknown) => (typeof value === 'number' ? toDateInput(value) : '')}
        parse={(value: string) => (value ? fromDateInput(value) : null)} fullWidth />
      <SelectInput source="product_type_id" label="invoices.product_type" choices={productTypes} optionValue="ID" optionText="name" validate={required()} fullWidth />
      <NumberInput source="invoice_items.0.price" label="invoices.amount" validate={required()} step={0.01} />
      <TextInput source="comment" label="invoices.comment" multiline fullWidth />
      <CustomerInput source="customer_id" label={translate('invoices.customer')} />
    </>
  );
}
