import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { applyDiscount, discountOffers } from '../../core/api/discounts';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { INVOICE_WRITES } from './invoiceCalls';
import './messages';

// The Add discount dialog (spec 2 §2, §3): a discount of the list — those a rule offers for the
// invoice's facility, product type and date first — or a manual one (-1) with an amount and a comment,
// checked by POST /discount/apply's declaration ('A manual discount needs an amount and a comment').

const MANUAL = -1;

export function DiscountDialog({ invoiceId, onClose, onApplied }: { invoiceId: number; onClose(): void; onApplied(): void }) {
  const translate = useTranslate();
  const { data: offers = [] } = useDeclaredQuery('invoice', discountOffers, { query: { invoice_id: invoiceId } });
  const choices = [
    ...offers.map((d) => ({ id: d.ID, name: `${d.name} (${d.is_percentage ? `${d.value}%` : `$${d.value}`})${d.offered ? ` · ${translate('invoices.offered')}` : ''}` })),
    { id: MANUAL, name: translate('invoices.manual_discount') },
  ];
  return (
    <DeclaredDialog title="invoices.add_discount" submitLabel="invoices.add_discount" maxWidth="xs" endpoint={applyDiscount} invalidates={INVOICE_WRITES} onClose={onClose}
      input={(values) => ({
        body: values.discount_id === MANUAL
          ? { invoice_id: invoiceId, discount_id: MANUAL, amount: values.amount, comment: values.comment }
          : { invoice_id: invoiceId, discount_id: values.discount_id },
      })}
      onDone={onApplied}>
      <SelectInput source="discount_id" isRequired label={translate('invoices.discount_choice')} choices={choices} translateChoice={false} />
      <ManualInputs />
    </DeclaredDialog>
  );
}

/** A manual discount's amount and comment. */
function ManualInputs() {
  const translate = useTranslate();
  const discountId = useWatch({ name: 'discount_id' }) as number | undefined;
  if (discountId !== MANUAL) return null;
  return (
    <>
      <NumberInput source="amount" label={translate('invoices.amount')} step={0.01} />
      <TextInput source="comment" label={translate('invoices.comment')} />
    </>
  );
}
