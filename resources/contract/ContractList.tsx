import { useState } from 'react';
import { Box, Button, Checkbox, Chip, Collapse, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, Pagination, ResourceContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { session } from '../../dataProvider/session';
import { CONTRACT_PRODUCT_TYPES } from '../../core/validation/contract';
import { defaultTimeZone } from '../../core/time';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { fromDateInput, toDateInput } from '../../src/kit/components/format';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { ContractInputs } from './ContractInputs';
import { dateTime, money } from './shared';
import './messages';
import type { CustomerName } from '../../core/customer';

// /contract (spec 2 §2 Contracts list): Only active, Facility (multi, admins only), Product, last
// event date after, Search, More Filters (free text by customer or contract), Create, Hide paid, the
// count; the filters show once there are more than 10 contracts (or a filter is set). 20/50/100 a page.

interface ContractRow extends RaRecord {
  ID: number; name: string; facility: { ID: number; name: string }; customer: CustomerName | null;
  product_type: { ID: number; name: string }; events_count: number; first_event: number | null; last_event: number | null;
  invoiced: number; paid: number; balance: number; signed: boolean; doc_state: string;
}

function Filters() {
  const translate = useTranslate();
  const { filterValues, setFilters, total = 0 } = useListContext();
  const facilities = useFacilityChoices();
  const isAdmin = session.userType() === 'admin';
  const [draft, setDraft] = useState<Record<string, unknown>>(filterValues);
  const [more, setMore] = useState(Boolean(filterValues.q));
  const apply = (next: Record<string, unknown>) => {
    setDraft(next);
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined && v !== false && !(Array.isArray(v) && !v.length))), {});
  };
  const shown = total > 10 || Object.keys(filterValues).length > 0;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {shown && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
          <FormControlLabel control={<Switch checked={Boolean(draft.only_active)} onChange={(e) => apply({ ...draft, only_active: e.target.checked })} />} label={translate('contracts.only_active')} />
          <TextField select size="small" fullWidth={false} sx={{ width: 200 }} label={translate('contracts.facility')} disabled={!isAdmin}
            SelectProps={{ multiple: true }} value={(draft.facility_ids as number[] | undefined) ?? []} onChange={(e) => setDraft({ ...draft, facility_ids: e.target.value as unknown as number[] })}>
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <TextField select size="small" fullWidth={false} sx={{ width: 200 }} label={translate('contracts.product')} value={draft.product_type_id ?? ''} onChange={(e) => setDraft({ ...draft, product_type_id: Number(e.target.value) || undefined })}>
            <MenuItem value="">—</MenuItem>
            {CONTRACT_PRODUCT_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`contracts.types.${t}`)}</MenuItem>)}
          </TextField>
          <TextField size="small" type="date" fullWidth={false} sx={{ width: 180 }} label={translate('contracts.last_event_after')} InputLabelProps={{ shrink: true }}
            value={draft.last_event_date ? toDateInput(Number(draft.last_event_date)) : ''} onChange={(e) => setDraft({ ...draft, last_event_date: e.target.value ? fromDateInput(e.target.value) : undefined })} />
          <Button variant="contained" onClick={() => apply(draft)}>{translate('contracts.search')}</Button>
          <Button onClick={() => setMore(!more)}>{translate('contracts.more_filters')}</Button>
          <FormControlLabel control={<Checkbox checked={Boolean(draft.hide_paid)} onChange={(e) => apply({ ...draft, hide_paid: e.target.checked })} />} label={translate('contracts.hide_paid')} />
        </Stack>
      )}
      <Collapse in={more && shown}>
        <Stack direction="row" spacing={1} alignItems="center">
          <TextField size="small" fullWidth={false} sx={{ width: 240 }} label={translate('contracts.free_text')} value={draft.q ?? ''} onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            onKeyDown={(e) => e.key === 'Enter' && apply(draft)} />
          <TextField select size="small" fullWidth={false} sx={{ width: 180 }} label={translate('contracts.search_by')} value={draft.search_by ?? ''} onChange={(e) => setDraft({ ...draft, search_by: e.target.value || undefined })}>
            <MenuItem value="">—</MenuItem>
            <MenuItem value="customer">{translate('contracts.by_customer')}</MenuItem>
            <MenuItem value="contract">{translate('contracts.by_contract')}</MenuItem>
          </TextField>
        </Stack>
      </Collapse>
    </Stack>
  );
}

function Toolbar({ onCreate }: { onCreate(): void }) {
  const translate = useTranslate();
  const { total = 0 } = useListContext();
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ px: 1 }}>
      <Typography variant="body2" data-testid="contract-count">{translate('contracts.count', { count: total })}</Typography>
      <Box sx={{ flex: 1 }} />
      <Button startIcon={<AddIcon />} variant="outlined" onClick={onCreate}>{translate('contracts.create')}</Button>
    </Stack>
  );
}

export default function ContractList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const name = (r: ContractRow) => (r.customer ? `${r.customer.first_name} ${r.customer.last_name}` : '');
  // Each contract's times in its own facility's zone (the list mixes facilities for admins).
  const facilities = useFacilityChoices({ all: true });
  const zoneOf = (facility: { ID: number }) => facilities.find((f) => f.ID === facility.ID)?.time_zone ?? defaultTimeZone(facility.ID);
  return (
    <>
      <List resource="contract" title={translate('contracts.title')} perPage={20} sort={{ field: 'ID', order: 'DESC' }} actions={false}
        pagination={<Pagination rowsPerPageOptions={[20, 50, 100]} />} empty={false}>
        <Filters />
        <Toolbar onCreate={() => setCreating(true)} />
        <DataTable<ContractRow> rowClick={(id) => showPath('contract', id)} bulkActionButtons={false}>
          <DataTable.Col source="ID" label={translate('contracts.columns.id')} />
          <DataTable.Col source="name" label={translate('contracts.columns.name')} />
          <DataTable.Col label={translate('contracts.columns.facility')} render={(r) => r.facility.name} />
          <DataTable.Col label={translate('contracts.columns.customer')} render={name} />
          <DataTable.Col label={translate('contracts.columns.product')} render={(r) => r.product_type.name} />
          <DataTable.Col label={translate('contracts.columns.events')} render={(r) => r.events_count} />
          <DataTable.Col label={translate('contracts.columns.first')} render={(r) => dateTime(r.first_event, zoneOf(r.facility))} />
          <DataTable.Col label={translate('contracts.columns.last')} render={(r) => dateTime(r.last_event, zoneOf(r.facility))} />
          <DataTable.Col align="right" label={translate('contracts.columns.invoiced')} render={(r) => money(r.invoiced)} />
          <DataTable.Col align="right" label={translate('contracts.columns.paid')} render={(r) => money(r.paid)} />
          <DataTable.Col align="right" label={translate('contracts.columns.balance')} render={(r) => money(r.balance)} />
          <DataTable.Col label={translate('contracts.columns.signed')} render={(r) => <Chip size="small" label={translate(`contracts.card.states.${r.doc_state}`)} color={r.signed ? 'success' : 'default'} />} />
        </DataTable>
      </List>
      {/* Create (spec 2 §2): the new contract over the list (also /contract/create), then its page. */}
      <ResourceContextProvider value="contract">
        <EntityDialog target={creating ? { mode: 'create' } : null} onClose={() => setCreating(false)} titles={{ create: 'contracts.create_title' }} alwaysEnable
          onSaved={(record) => navigate(showPath('contract', record.id))}>
          <ContractInputs />
        </EntityDialog>
      </ResourceContextProvider>
    </>
  );
}


