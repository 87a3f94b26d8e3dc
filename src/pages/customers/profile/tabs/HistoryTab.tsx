import { Button, Link, Stack } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../../../../core/constants';
import { can } from '../../../../../core/permissions';
import { useTouchlineDataProvider, type CustomerProfile, type InvoiceSummary } from '../../../../../dataProvider';
import { RecordsTable } from '../RecordsTable';
import { dateTimeOf, money, useCustomerList, zoneOf } from '../useProfile';
import { downloadCsv, toCsv } from './csv';

/** Invoice history (GET /invoice/customer/{id}), with a CSV export for admins and managers. */
export function HistoryTab({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const { data, isPending } = useCustomerList(customer.ID, 'invoices', dataProvider.getCustomerInvoices);
  const zone = zoneOf(customer);
  const columns = ['id', 'date', 'total', 'paid', 'balance', 'comment'].map((c) => translate(`customer_profile.columns.${c}`));

  function exportCsv(rows: InvoiceSummary[]) {
    const lines = rows.map((i) => [i.ID, dateTimeOf(i.date, zone), i.total.toFixed(2), i.paid.toFixed(2), i.balance.toFixed(2), i.comment]);
    downloadCsv(`invoices_customer_${customer.ID}`, toCsv(columns, lines));
  }

  return (
    <Stack spacing={1}>
      {can(role, 'customer_profile', 'export') && (
        <Button sx={{ alignSelf: 'flex-end' }} variant="outlined" disabled={!data?.length} onClick={() => data && exportCsv(data)}>
          {translate('customer_profile.export')}
        </Button>
      )}
      <RecordsTable
        label={translate('customer_profile.tabs.history')}
        loading={isPending}
        rows={data}
        columns={[
          { label: 'customer_profile.columns.id', render: (i) => <Link component={RouterLink} to={`/invoice/${i.ID}`}>{i.ID}</Link> },
          { label: 'customer_profile.columns.date', render: (i) => dateTimeOf(i.date, zone) },
          { label: 'customer_profile.columns.total', render: (i) => money(i.total) },
          { label: 'customer_profile.columns.paid', render: (i) => money(i.paid) },
          { label: 'customer_profile.columns.balance', render: (i) => money(i.balance) },
          { label: 'customer_profile.columns.comment', render: (i) => i.comment },
        ]}
      />
    </Stack>
  );
}
