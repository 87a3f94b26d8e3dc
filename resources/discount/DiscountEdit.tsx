import { Alert } from '@mui/material';
import {
  BooleanInput, FunctionField, Labeled, SaveButton, ShowBase, SimpleForm, TextField, Title, Toolbar, useRecordContext, useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { showPath } from '../../src/kit/entity/paths';
import { DiscountStatus } from './DiscountShow';
import { discountValue, useExpireDiscount, type DiscountRow } from './discountParts';
import './messages';

// /discount/{id}/edit: a discount is never changed once made (invoices carry it), only expired (spec 1
// §4): its name, type and value as they are, and the one input, Expired. Saving it asks first, then
// shows the discount's page.

export default function DiscountEdit() {
  const translate = useTranslate();
  return (
    <ShowBase<DiscountRow>>
      <Title title={translate('discounts_page.edit_title')} />
      <ExpireForm />
    </ShowBase>
  );
}

function ExpireForm() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const record = useRecordContext<DiscountRow>();
  const { mayExpire, expire } = useExpireDiscount();
  if (!record) return null;
  const save = async ({ expired }: Partial<DiscountRow>) => {
    if (expired && mayExpire(record) && !(await expire(record))) return;
    navigate(showPath('discount', record.id));
  };
  return (
    <SimpleForm record={record} onSubmit={save} toolbar={<Toolbar><SaveButton /></Toolbar>}>
      <Alert severity="info">{translate('discounts_page.only_expire')}</Alert>
      <Labeled><TextField source="name" /></Labeled>
      <Labeled><FunctionField<DiscountRow> source="is_percentage" render={(row) => translate(row.is_percentage ? 'discounts_page.percentage' : 'discounts_page.fixed_amount')} /></Labeled>
      <Labeled><FunctionField<DiscountRow> source="value" render={discountValue} /></Labeled>
      {mayExpire(record)
        ? <BooleanInput source="expired" label="discounts_page.expired" />
        : <Labeled label="discounts_page.status"><DiscountStatus row={record} /></Labeled>}
    </SimpleForm>
  );
}
