import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { toCents, toDollars } from '../../core/money';
import { moneyProblem } from './shared';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import type { Message } from '../../src/kit/components/FormMessage';
import { useAddItem } from './invoiceCalls';
import './messages';

// Add item (admins): a line without an event on invoice {id} (POST /invoice/item/{id}): a product sold
// at the invoice's facility or a description, a unit price and a quantity; the server adds the
// facility's tax and processing fee and merges it with an equal line.

interface ProductOption { id: number; ID: number; name: string }

/** What is wrong with the form, or null when it may be sent. */
export function itemProblem(product: ProductOption | null, description: string, price: string, quantity: string): Message | null {
  if (!product && !description.trim()) return { severity: 'error', text: 'invoices.item_unnamed' };
  const problem = moneyProblem(price, 'price');
  if (problem) return { severity: 'error', text: problem };
  const count = Number(quantity);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) return { severity: 'error', text: 'invoices.quantity_invalid' };
  return null;
}

export function AddItemDialog({ invoiceId, facilityId, onClose, onAdded }: { invoiceId: number; facilityId: number; onClose(): void; onAdded(): void }) {
  const translate = useTranslate();
  const addItem = useAddItem();
  const [search, setSearch] = useState('');
  const [product, setProduct] = useState<ProductOption | null>(null);
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const { message, setMessage, busy, call } = useFormCall();
  const { data: products = [], isPending } = useGetList<ProductOption>('newproduct', {
    filter: { facility_id: facilityId, ...(search.trim() ? { q: search.trim() } : {}) },
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
  });

  const add = async () => {
    const problem = itemProblem(product, description, price, quantity);
    if (problem) return setMessage(problem);
    const item = { ...(product ? { new_product_id: product.ID } : {}), comment: description.trim(), price: toDollars(toCents(Number(price))), quantity: Number(quantity) };
    if (!(await call(() => addItem.mutateAsync({ params: { id: invoiceId }, body: item })))) return;
    onAdded();
    onClose();
  };

  return (
    <FormDialog title="invoices.add_item" submitLabel="invoices.add_item" onClose={onClose} onSubmit={() => void add()} submitDisabled={busy} message={message}>
      <Autocomplete<ProductOption>
        options={products}
        loading={isPending}
        value={product}
        onChange={(_event, chosen) => setProduct(chosen)}
        onInputChange={(_event, typed) => setSearch(typed)}
        filterOptions={(options) => options}
        getOptionLabel={(p) => p.name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID}
        renderInput={(params) => <TextField {...params} label={translate('invoices.product')} autoFocus />}
      />
      <TextField label={translate('invoices.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
      <TextField type="number" label={translate('invoices.price')} value={price} onChange={(e) => setPrice(e.target.value)} inputProps={{ step: '0.01', min: 0 }} />
      <TextField type="number" label={translate('invoices.quantity')} value={quantity} onChange={(e) => setQuantity(e.target.value)} inputProps={{ step: 1, min: 1 }} />
    </FormDialog>
  );
}
