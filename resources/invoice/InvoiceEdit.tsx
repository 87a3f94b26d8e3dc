import { Alert } from '@mui/material';
import { TextInput, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { DETAIL_META, type Invoice } from '../../dataProvider';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { dateOnDay, toDateInput } from './shared';
import './messages';

// /invoice/{id}/edit: what PUT /invoice/{id} lets staff change (spec 2 §2) — the comment, and for
// admins the date (its day; the time of day stays) — checked by its declaration; then the invoice's
// page. Items, discounts and payments change through the page's own actions.

export default function InvoiceEdit() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  return (
    <EntityEdit title={translate('invoices.edit_title')} meta={DETAIL_META} transform={withComment}>
      <Alert severity="info" sx={{ mb: 2 }}>{translate('invoices.edit_help')}</Alert>
      {can(role, 'invoices', 'date') ? <InvoiceDay /> : null}
      <TextInput source="comment" label="invoices.comment" multiline minRows={2} fullWidth />
    </EntityEdit>
  );
}

/** The invoice's day, kept as the unix seconds of that day at the invoice's time of day. */
function InvoiceDay() {
  const record = useRecordContext<Invoice>();
  if (!record) return null;
  return (
    <TextInput source="date" type="date" label="invoices.invoice_date" InputLabelProps={{ shrink: true }}
      format={(value: unknown) => (typeof value === 'number' ? toDateInput(value) : '')}
      parse={(value: string) => (value ? dateOnDay(record.date, value) : null)} />
  );
}

/** A comment is '' when empty, never null (the form empties an emptied text to null). */
const withComment = (values: Record<string, unknown>) => ({ ...values, comment: values.comment ?? '' });
