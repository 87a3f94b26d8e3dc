import { useState } from 'react';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { DataTable, List, Pagination, useListContext, usePermissions, useTranslate } from 'react-admin';
import { classList, deleteClass } from '../../core/api/classes';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { CLASS_MESSAGES, CLASS_PAGE_SIZES } from '../../core/validation/classes';
import type { ClassListRow } from '../../dataProvider';
import { showPath } from '../../src/kit/entity/paths';
import { useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { HubspotBulkButton, useCanExportHubspot } from '../../src/kit/components/hubspot/HubspotExport';
import { day, DEFAULT_ZONE, fromDateInput, money, toDateInput } from '../../src/kit/components/programFormat';
import { ClassDialog } from './ClassDialog';
import './messages';

// /classes (spec 3 §2.15): the filter bar (name, facilities for admins, start from 00:00:00 and end to
// 23:59:59 in the facility's zone, Search, Create for admins), the header's total of participants, and
// the table — a tick for Export hubspot of the ticked classes (admins and managers), name with facility, dates, participants, invoiced, paid, balance, open in a new tab and
// delete — paged by the server, 1/10/25/50/100 rows (10 by default). Create is a dialog over the list
// (also /classes/create); a row opens the class's page.

type Row = ClassListRow & { id: number };

function Filters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices({ enabled: role === 'admin' });
  const [draft, setDraft] = useState<Record<string, unknown>>(filterValues);
  const apply = () => setFilters(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '' && v !== undefined && v !== null && !(Array.isArray(v) && !v.length))), {});
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ p: 1 }} component="form" onSubmit={(e) => { e.preventDefault(); apply(); }}>
      <TextField size="small" sx={{ width: 220 }} label={translate('classes.filter')} value={draft.query ?? ''} onChange={(e) => setDraft({ ...draft, query: e.target.value })} />
      {role === 'admin' && (
        <TextField select size="small" sx={{ width: 260 }} label={translate('classes.facility')} SelectProps={{ multiple: true }}
          value={(draft.facility_ids as number[] | undefined) ?? []} onChange={(e) => setDraft({ ...draft, facility_ids: e.target.value as unknown as number[] })}>
          {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
      )}
      <TextField size="small" sx={{ width: 180 }} type="date" label={translate('classes.start')} InputLabelProps={{ shrink: true }} value={toDateInput(draft.start as number, DEFAULT_ZONE)}
        onChange={(e) => setDraft({ ...draft, start: fromDateInput(e.target.value, DEFAULT_ZONE) ?? undefined })} />
      <TextField size="small" sx={{ width: 180 }} type="date" label={translate('classes.end')} InputLabelProps={{ shrink: true }} value={toDateInput(draft.end as number, DEFAULT_ZONE)}
        onChange={(e) => setDraft({ ...draft, end: fromDateInput(e.target.value, DEFAULT_ZONE, true) ?? undefined })} />
      <Button type="submit" variant="contained">{translate('classes.search')}</Button>
    </Stack>
  );
}

/** The header's total of participants of every class found (not only the page's). */
function Total() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const { data } = useDeclaredQuery('classes', classList, { query: { ...filterValues, limit: 1, offset: 0 } });
  return <Typography variant="body2" sx={{ px: 1 }} data-testid="class-participants">{translate('classes.total', { count: data?.participants ?? 0 })}</Typography>;
}

function Actions({ row }: { row: Row }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const remove = useDeclaredWrite(deleteClass, 'classes');
  const { permissions: role } = usePermissions<Role>();
  const destroy = async () => {
    if (!(await dialogs.confirmDelete({ message: translate('classes.delete_confirm', { name: row.name }) }))) return;
    if (!(await dialogs.run(() => remove.mutateAsync({ params: { id: row.ID } })))) return;
    dialogs.notifySuccess(CLASS_MESSAGES.deleted, { short: true });
  };
  return (
    <Stack direction="row" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate('classes.open')}><IconButton size="small" aria-label={translate('classes.open')} href={showPath('classes', row.ID)} target="_blank" rel="noopener"><OpenInNewIcon fontSize="small" /></IconButton></Tooltip>
      {row.participants === 0 && can(role, 'classes', 'delete') && (
        <Tooltip title={translate('classes.delete')}><IconButton size="small" aria-label={translate('classes.delete')} onClick={destroy}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
      )}
    </Stack>
  );
}

export default function ClassList() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const [creating, setCreating] = useState(false);
  const exportable = useCanExportHubspot();
  return (
    <>
      <List resource="classes" title={translate('classes.title')} perPage={10} actions={false} empty={false}
        pagination={<Pagination rowsPerPageOptions={[...CLASS_PAGE_SIZES]} />}>
        <Filters />
        <Stack direction="row" alignItems="center" sx={{ px: 1 }}>
          <Total />
          <Box sx={{ flex: 1 }} />
          {can(role, 'classes', 'create') && <Button startIcon={<AddIcon />} onClick={() => setCreating(true)}>{translate('classes.create')}</Button>}
        </Stack>
        <DataTable<Row> rowClick={(id) => showPath('classes', id)}
          bulkActionButtons={exportable ? <HubspotBulkButton ids="class_ids" label="classes.export_hubspot" /> : false}>
          <DataTable.Col label={translate('classes.columns.name')} render={(r) => (
            <Stack><Typography variant="body2">{r.name}</Typography><Typography variant="caption" color="text.secondary">{r.facility.name}</Typography></Stack>
          )} />
          <DataTable.Col label={translate('classes.columns.dates')} render={(r) => `${day(r.start_date, r.facility.time_zone)} – ${day(r.end_date, r.facility.time_zone)}`} />
          <DataTable.Col label={translate('classes.columns.participants')} render={(r) => r.participants} />
          <DataTable.Col align="right" label={translate('classes.columns.invoiced')} render={(r) => money(r.invoiced)} />
          <DataTable.Col align="right" label={translate('classes.columns.paid')} render={(r) => money(r.paid)} />
          <DataTable.Col align="right" label={translate('classes.columns.balance')} render={(r) => money(r.balance)} />
          <DataTable.Col label={translate('classes.columns.actions')} render={(r) => <Actions row={r as Row} />} />
        </DataTable>
      </List>
      {creating && <ClassDialog mode="create" onClose={() => setCreating(false)} />}
    </>
  );
}
