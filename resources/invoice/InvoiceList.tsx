import { useState } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DataTable, List, Pagination, useListContext, usePermissions, useTranslate, type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, EXPORT_MAX_ROWS, PAGE_SIZES, PAYMENT_METHODS, type Role } from '../../core/constants';
import type { InvoiceSearch } from '../../core/api/invoices';
import { can } from '../../core/permissions';
import { formatDateTime, nowSeconds } from '../../core/time';
import { CustomerPicker } from '../../src/kit/components/CustomerPicker';
import { ExportButton } from '../../src/kit/components/ExportButton';
import { TypedDateField } from '../../src/kit/components/TypedDateField';
import { useTouchlineDataProvider, type CustomerSummary } from '../../dataProvider';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { showPath } from '../../src/kit/entity/paths';
import { AddInvoiceDialog } from './AddInvoiceDialog';
import { InvoiceEventsDialog } from './InvoiceEventsDialog';
import { fromDateInput, money, toDateInput, useProductTypes } from './shared';
import './messages';
import type { CustomerName } from '../../core/customer';

// /invoice (spec 2 §2 Invoice list, admins): the search bar over GET /invoice's filter (the same
// fields as POST /invoice/search/new: 7 days ago until tomorrow by default), the table date
// descending, 50 per page (10/25/50/100), Export (every row of the search), Create.

export interface InvoiceRow extends RaRecord {
  ID: number; date: number; invoice_type_id: number; facility: { ID: number; name: string; time_zone: string };
  customer: CustomerName | null; product: string;
  invoiced: number; discounted: number; paid: number; balance: number;
}

const DAY = 86400;
const defaultFilters = () => ({ start_date: nowSeconds() - 7 * DAY, end_date: nowSeconds() + DAY });

function SearchBar() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const facilities = useFacilityChoices();
  const productTypes = useProductTypes();
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...defaultFilters(), ...filterValues }));
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const set = (key: string) => (event: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const search = () => {
    const chosen: Record<string, unknown> = { ...draft, customer_ids: customer ? [customer.ID] : undefined };
    for (const key of ['facility_id', 'product_type_id']) chosen[key] = Number(chosen[key] ?? 0) || undefined;
    setFilters(Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== '' && v !== undefined)), {});
  };
  // A range that ends before it starts finds nothing: the bar says so beside the dates, asked or applied.
  const backwards = (range: Record<string, unknown>) => Number(range.end_date) < Number(range.start_date);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ p: 1 }}>
      <TypedDateField fullWidth={false} size="small" type="date" label={translate('invoices.start_date')} InputLabelProps={{ shrink: true }}
        value={toDateInput(Number(draft.start_date))} onValue={(value) => setDraft((d) => ({ ...d, start_date: fromDateInput(value) }))} />
      <TypedDateField fullWidth={false} size="small" type="date" label={translate('invoices.end_date')} InputLabelProps={{ shrink: true }}
        value={toDateInput(Number(draft.end_date))} onValue={(value) => setDraft((d) => ({ ...d, end_date: fromDateInput(value) }))} />
      <TextField fullWidth={false} size="small" select label={translate('invoices.facility')} value={draft.facility_id ?? 0} onChange={set('facility_id')} sx={{ minWidth: 160 }}>
        <MenuItem value={0}>{translate('invoices.all')}</MenuItem>
        {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
      </TextField>
      <TextField fullWidth={false} size="small" select label={translate('invoices.product_type')} value={draft.product_type_id ?? 0} onChange={set('product_type_id')} sx={{ minWidth: 160 }}>
        <MenuItem value={0}>{translate('invoices.all')}</MenuItem>
        {productTypes.map((t) => <MenuItem key={t.ID} value={t.ID}>{t.name}</MenuItem>)}
      </TextField>
      <TextField fullWidth={false} size="small" select label={translate('invoices.payment_type')} value={draft.payment_type ?? ''} onChange={set('payment_type')} sx={{ minWidth: 140 }} InputLabelProps={{ shrink: true }} SelectProps={{ displayEmpty: true }}>
        <MenuItem value="">{translate('invoices.all')}</MenuItem>
        {PAYMENT_METHODS.map((m) => <MenuItem key={m} value={m}>{translate(`values.payment_methods.${m}`)}</MenuItem>)}
      </TextField>
      <TextField fullWidth={false} size="small" sx={{ width: 200 }} label={translate('invoices.square_id')} value={draft.square_id ?? ''} onChange={set('square_id')} />
      <Box sx={{ minWidth: 240 }}>
        <CustomerPicker label={translate('invoices.customer')} value={customer} onChange={setCustomer} />
      </Box>
      <Button variant="contained" onClick={search}>{translate('invoices.search')}</Button>
      {(backwards(draft) || backwards(filterValues)) && (
        <Typography role="alert" data-testid="range-problem" color="error" sx={{ width: '100%', fontSize: 14 }}>{translate('invoices.range_backwards')}</Typography>
      )}
    </Stack>
  );
}

const customerName = (row: InvoiceRow) => (row.customer ? `${row.customer.first_name} ${row.customer.last_name}` : '');

/** Export writes every invoice of the search, not the page shown: the server streams them (at most EXPORT_MAX_ROWS, said beside the button). */
function Actions({ onCreate }: { onCreate(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { filterValues, sort, total = 0 } = useListContext<InvoiceRow>();
  const { permissions: role } = usePermissions<Role>();
  const columns = ['invoice', 'type', 'date', 'customer', 'product', 'invoiced', 'discounted', 'paid', 'balance'].map((c) => translate(`invoices.columns.${c}`));
  const build = async () => {
    const rows = await dataProvider.exportInvoices({
      query: filterValues as InvoiceSearch['query'],
      sort: [sort.field === 'date' ? 'date' : 'ID', sort.order === 'ASC' ? 'ASC' : 'DESC'],
    });
    return {
      prefix: 'invoices',
      sheetName: 'Invoices',
      header: columns,
      rows: rows.map((r) => [r.ID, `${translate(`invoices.types.${r.invoice_type_id}`)} · ${r.facility.name}`, formatDateTime(r.date, r.facility.time_zone),
        r.customer ? `${r.customer.first_name} ${r.customer.last_name}` : '', r.product, r.invoiced, r.discounted, r.paid, r.balance]),
    };
  };
  return (
    <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
      <Button startIcon={<AddIcon />} variant="outlined" onClick={onCreate}>{translate('invoices.create')}</Button>
      {can(role, 'invoices', 'export') && <ExportButton disabled={total === 0} build={build} />}
      {can(role, 'invoices', 'export') && total > EXPORT_MAX_ROWS && (
        <Typography variant="body2" color="text.secondary">{translate('invoices.export_limit', { count: EXPORT_MAX_ROWS.toLocaleString('en-US') })}</Typography>
      )}
    </Stack>
  );
}

export default function InvoiceList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [eventsOf, setEventsOf] = useState<number | null>(null);
  return (
    <>
      <List
        resource="invoice"
        title={translate('menu.invoices')}
        filterDefaultValues={defaultFilters()}
        sort={{ field: 'date', order: 'DESC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[...PAGE_SIZES]} />}
        actions={false}
        filters={undefined}
        storeKey={false}
        empty={false}
      >
        <SearchBar />
        <Actions onCreate={() => setAdding(true)} />
        <DataTable<InvoiceRow> bulkActionButtons={false} rowClick={(id) => showPath('invoice', id)}>
          <DataTable.Col source="ID" label={translate('invoices.columns.invoice')} />
          <DataTable.Col label={translate('invoices.columns.type')} render={(r) => `${translate(`invoices.types.${r.invoice_type_id}`)} · ${r.facility.name}`} />
          <DataTable.Col source="date" label={translate('invoices.columns.date')} render={(r) => formatDateTime(r.date, r.facility.time_zone)} />
          <DataTable.Col label={translate('invoices.columns.customer')} render={customerName} />
          <DataTable.Col source="product" label={translate('invoices.columns.product')} disableSort />
          <DataTable.Col source="invoiced" align="right" label={translate('invoices.columns.invoiced')} render={(r) => money(r.invoiced)} disableSort />
          <DataTable.Col source="discounted" align="right" label={translate('invoices.columns.discounted')} render={(r) => money(r.discounted)} disableSort />
          <DataTable.Col source="paid" align="right" label={translate('invoices.columns.paid')} render={(r) => money(r.paid)} disableSort />
          <DataTable.Col source="balance" align="right" label={translate('invoices.columns.balance')} render={(r) => money(r.balance)} disableSort />
          <DataTable.Col label="" render={(r) => (
            // The row opens the invoice; this button only the dialog.
            <Button size="small" onClick={(e) => { e.stopPropagation(); setEventsOf(r.ID); }}>{translate('invoices.events')}</Button>
          )} />
        </DataTable>
      </List>
      {eventsOf !== null && <InvoiceEventsDialog invoiceId={eventsOf} onClose={() => setEventsOf(null)} />}
      {adding && <AddInvoiceDialog onClose={() => setAdding(false)} onCreated={(id) => navigate(showPath('invoice', id))} />}
    </>
  );
}
