import { Suspense, useState } from 'react';
import { Button, Link, Stack } from '@mui/material';
import { useGetOne, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import type { CustomerProfile, Invoice, InvoiceSummary } from '../../../../dataProvider';
import { customerInvoices } from '../../../../core/api/invoices';
import { RecordsTable } from '../RecordsTable';
import { dateTimeOf, money, useCustomerList, useRefreshProfile, zoneOf } from '../useProfile';
import { ExportButton } from '../../../../src/kit/components/ExportButton';
import { DiscountDialog, PaymentDialog } from '../../../invoice';
import '../messages';
import '../../../invoice/messages';

/**
 * The invoice page's Add payment dialog for a row of the history. A team (league) invoice's payment is
 * for one player of its roster (spec 2 §5), which the row lacks: the dialog waits for the invoice
 * (GET /invoice/{id}, as the invoice page reads it) and asks for the player as the invoice page does.
 */
function HistoryPaymentDialog({ invoice, credits, onClose, onPaid }: { invoice: InvoiceSummary; credits: number; onClose(): void; onPaid(): void }) {
  const team = invoice.team_id !== null;
  const { data: full, isError } = useGetOne<Invoice>('invoice', { id: invoice.ID }, { enabled: team });
  if (team && !full && !isError) return null;
  // Without the roster (the read failed) no player can be chosen, so the dialog says one is needed.
  const players = team ? (full?.team?.roster ?? []) : undefined;
  return (
    <PaymentDialog
      target={{ invoiceId: invoice.ID, facilityId: invoice.facility_id, balance: invoice.balance, credits, players }}
      onClose={onClose}
      onPaid={onPaid}
    />
  );
}

/**
 * Invoice history (GET /invoice/customer/{id}), with a spreadsheet export for admins and managers, and
 * on each invoice still owed the Add new payment and Add discount dialogs (spec 1 §2) of the invoice page.
 */
export function HistoryTab({ customer }: { customer: CustomerProfile }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const { data, isPending } = useCustomerList(customer.ID, customerInvoices);
  const zone = zoneOf(customer);
  const refresh = useRefreshProfile();
  const [action, setAction] = useState<{ kind: 'payment' | 'discount'; invoice: InvoiceSummary } | null>(null);
  const owed = (i: InvoiceSummary) => i.balance > 0 && !i.reversed && !i.reversal;
  const columns = ['id', 'date', 'total', 'paid', 'balance', 'comment'].map((c) => translate(`customer_profile.columns.${c}`));

  const sheet = (rows: InvoiceSummary[]) => ({
    prefix: `invoices_customer_${customer.ID}`,
    sheetName: translate('customer_profile.tabs.history'),
    header: columns,
    rows: rows.map((i) => [i.ID, dateTimeOf(i.date, zone), i.total, i.paid, i.balance, i.comment]),
  });

  return (
    <Stack spacing={1}>
      {can(role, 'customer_profile', 'export') && (
        <ExportButton label="customer_profile.export" disabled={!data?.length} build={() => sheet(data ?? [])} />
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
          {
            label: 'customer_profile.columns.actions',
            render: (i) => owed(i) && (
              <Stack direction="row" spacing={1}>
                {can(role, 'payments', 'create') && (
                  <Button size="small" onClick={() => setAction({ kind: 'payment', invoice: i })}>{translate('customer_profile.add_payment')}</Button>
                )}
                {can(role, 'invoice_discounts', 'apply') && (
                  <Button size="small" onClick={() => setAction({ kind: 'discount', invoice: i })}>{translate('invoices.add_discount')}</Button>
                )}
              </Stack>
            ),
          },
        ]}
      />
      <Suspense fallback={null}>
        {action?.kind === 'payment' && (
          <HistoryPaymentDialog invoice={action.invoice} credits={customer.credits} onClose={() => setAction(null)} onPaid={() => void refresh()} />
        )}
        {action?.kind === 'discount' && <DiscountDialog invoiceId={action.invoice.ID} onClose={() => setAction(null)} onApplied={() => void refresh()} />}
      </Suspense>
    </Stack>
  );
}
