import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { nowSeconds } from '../../core/time';
import { CustomerPicker } from '../../src/components/CustomerPicker';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useTouchlineDataProvider, type CustomerSummary } from '../../dataProvider';
import { useFacilityChoices } from '../../src/layout/facilities';
import { session } from '../../dataProvider/session';
import { useSubmitOnce } from '../../src/components/useSubmitOnce';
import { fromDateInput, moneyProblem, toDateInput, useProductTypes } from './shared';
import './messages';

// The Add new invoice dialog (spec 2 §2): Facility (admins choose; others invoice at their own),
// Invoice date, Product type (without the hidden ones), Amount (whole cents: more decimals are refused,
// not rounded), Comment, customer. An admin's Facility starts as the header's facility.
// One line with the comment 'Manual Invoice', taxed and charged the processing fee at the facility's rates.

export const MANUAL_INVOICE = 'Manual Invoice';

export function AddInvoiceDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const isAdmin = identity?.role === 'admin';
  const facilities = useFacilityChoices({ enabled: isAdmin });
  const productTypes = useProductTypes(true);
  const dataProvider = useTouchlineDataProvider();
  const { busy, submit } = useSubmitOnce();
  // The header's facility ('All facilities' leaves the choice to the admin).
  const [facilityId, setFacilityId] = useState<number | ''>(() => session.facilitySelection() || '');
  const [date, setDate] = useState(nowSeconds());
  const [productTypeId, setProductTypeId] = useState<number | ''>('');
  const [amount, setAmount] = useState('');
  const [comment, setComment] = useState('');
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const facility = isAdmin ? facilityId : identity?.facility_id;
  // Create stays disabled while the call runs, and the call carries the form's Idempotency-Key: a
  // double click or a retry makes one invoice (issue 22 item 3).
  const save = async () => {
    // Each problem names its field; three decimals are refused, not rounded (as Add payment does).
    if (!facility) return setMessage({ severity: 'error', text: 'invoices.problems.facility_required' });
    if (!productTypeId) return setMessage({ severity: 'error', text: 'invoices.problems.product_type_required' });
    const problem = moneyProblem(amount, 'amount');
    if (problem) return setMessage({ severity: 'error', text: problem });
    const price = Number(amount);
    try {
      const created = await submit((key) => dataProvider.createInvoice({
        facility_id: facility, product_type_id: productTypeId, date, customer_id: customer?.ID ?? 0, invoice_type_id: 1, comment,
        // The item comment is data, the same in every language (spec 2 §2).
        invoice_items: [{ price, quantity: 1, comment: MANUAL_INVOICE }],
      }, key));
      if (!created) return;
      onClose();
      onCreated(created.ID);
    } catch (error) {
      setMessage(failure(error));
    }
  };

  return (
    <FormDialog title="invoices.add_title" submitLabel="invoices.save" onClose={onClose} onSubmit={() => void save()} submitDisabled={busy} message={message}>
      {isAdmin && (
        <TextField select label={translate('invoices.facility')} value={facilityId} onChange={(e) => setFacilityId(Number(e.target.value))} required>
          {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
      )}
      <TextField type="date" label={translate('invoices.invoice_date')} InputLabelProps={{ shrink: true }} value={toDateInput(date)}
        onChange={(e) => e.target.value && setDate(fromDateInput(e.target.value))} />
      <TextField select label={translate('invoices.product_type')} value={productTypeId} onChange={(e) => setProductTypeId(Number(e.target.value))} required>
        {productTypes.map((t) => <MenuItem key={t.ID} value={t.ID}>{t.name}</MenuItem>)}
      </TextField>
      <TextField type="number" label={translate('invoices.amount')} value={amount} onChange={(e) => setAmount(e.target.value)} required inputProps={{ step: '0.01', min: 0 }} />
      <TextField label={translate('invoices.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline />
      <CustomerPicker label={translate('invoices.customer')} value={customer} onChange={setCustomer} />
    </FormDialog>
  );
}
