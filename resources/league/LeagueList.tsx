import { useState } from 'react';
import { Box, Button, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { DataTable, List, Pagination, useDelete, useListContext, usePermissions, useTranslate } from 'react-admin';
import { leagueTotals } from '../../core/api/leagues';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { LEAGUE_PAGE_SIZES, LEAGUE_PRODUCT_TYPES } from '../../core/validation/leagues';
import type { LeagueListRow } from '../../dataProvider';
import { showPath } from '../../src/kit/entity/paths';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { HubspotBulkButton, useCanExportHubspot } from '../../src/kit/components/hubspot/HubspotExport';
import { LeagueDialog, type LeagueDialogMode } from './LeagueDialog';
import { day, DEFAULT_ZONE, fromDateInput, money, toDateInput } from './shared';
import './messages';
import { ageGroupLabel, genderLabel } from '../../src/kit/i18n/labels';

// /leagues (spec 3 §2.3): the filter bar (text, facilities, active, start from, end until, product
// type, Search), Add new league / tournament for admins, the table with its details, counts and
// actions (open in a new tab, duplicate, delete when the league holds nothing — no teams, divisions,
// e-players, e-matches nor games, as the server decides (m14): admins and managers),
// Export hubspot of the ticked leagues (admins and managers), Hide paid, the count of leagues and their teams; 20, 50 or 100 rows a page.

type Row = LeagueListRow & { id: number };

const pathOf = (r: Pick<LeagueListRow, 'ID' | 'is_tournament'>) => showPath(r.is_tournament ? 'tournament' : 'league', r.ID);

function Filters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const [draft, setDraft] = useState<Record<string, unknown>>(filterValues);
  const apply = (next: Record<string, unknown>) => {
    setDraft(next);
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '' && v !== undefined && v !== null && !(Array.isArray(v) && !v.length))), {});
  };
  const active = draft.active === undefined ? '' : draft.active ? 'yes' : 'no';
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ p: 1 }}>
      <TextField fullWidth={false} size="small" label={translate('leagues.filter')} value={draft.q ?? ''} onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        onKeyDown={(e) => e.key === 'Enter' && apply(draft)} />
      {role === 'admin' && (
        <TextField fullWidth={false} select size="small" sx={{ minWidth: 180 }} label={translate('leagues.facility')} SelectProps={{ multiple: true }}
          value={(draft.facility_ids as number[] | undefined) ?? []} onChange={(e) => setDraft({ ...draft, facility_ids: e.target.value as unknown as number[] })}>
          {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
      )}
      <TextField fullWidth={false} select size="small" sx={{ minWidth: 110 }} label={translate('leagues.active')} value={active}
        onChange={(e) => setDraft({ ...draft, active: e.target.value === '' ? undefined : e.target.value === 'yes' })}>
        <MenuItem value="">{translate('leagues.any')}</MenuItem>
        <MenuItem value="yes">{translate('leagues.yes')}</MenuItem>
        <MenuItem value="no">{translate('leagues.no')}</MenuItem>
      </TextField>
      <TextField fullWidth={false} size="small" type="date" label={translate('leagues.min_start')} InputLabelProps={{ shrink: true }} value={toDateInput(draft.start as number, DEFAULT_ZONE)}
        onChange={(e) => setDraft({ ...draft, start: fromDateInput(e.target.value, DEFAULT_ZONE) ?? undefined })} />
      <TextField fullWidth={false} size="small" type="date" label={translate('leagues.max_end')} InputLabelProps={{ shrink: true }} value={toDateInput(draft.end as number, DEFAULT_ZONE)}
        onChange={(e) => setDraft({ ...draft, end: fromDateInput(e.target.value, DEFAULT_ZONE, true) ?? undefined })} />
      <TextField fullWidth={false} select size="small" sx={{ minWidth: 180 }} label={translate('leagues.product_type')} value={draft.product_type_id ?? ''}
        onChange={(e) => setDraft({ ...draft, product_type_id: Number(e.target.value) || undefined })}>
        <MenuItem value="">{translate('leagues.any')}</MenuItem>
        {LEAGUE_PRODUCT_TYPES.map((t) => <MenuItem key={t.id} value={t.id}>{translate(`leagues.types.${t.id}`)}</MenuItem>)}
      </TextField>
      <Button variant="contained" onClick={() => apply(draft)}>{translate('leagues.search')}</Button>
      <FormControlLabel control={<Switch checked={Boolean(draft.hide_paid)} onChange={(e) => apply({ ...draft, hide_paid: e.target.checked || undefined })} />} label={translate('leagues.hide_paid')} />
    </Stack>
  );
}

function Counts() {
  const translate = useTranslate();
  const { filterValues, total = 0 } = useListContext();
  const { data } = useDeclaredQuery('league', leagueTotals, { query: { filter: JSON.stringify(filterValues) } });
  return (
    <Stack direction="row" spacing={2} sx={{ px: 1 }}>
      <Typography variant="body2" data-testid="league-count">{translate('leagues.count', { count: total })}</Typography>
      <Typography variant="body2" data-testid="team-count">{translate('leagues.team_count', { count: data?.teams ?? 0 })}</Typography>
    </Stack>
  );
}

function Details({ row }: { row: Row }) {
  const translate = useTranslate();
  const flags = [
    ['available_online', row.available_online], ['display_schedule', row.display_schedule], ['deposit', row.enable_deposit], ['individual', row.enable_individual],
  ] as const;
  return (
    <Stack spacing={0}>
      {flags.map(([key, on]) => <Typography key={key} variant="caption" noWrap>{on ? '✓' : '✗'} {translate(`leagues.details.${key}`)}</Typography>)}
    </Stack>
  );
}

function Actions({ row, onDuplicate }: { row: Row; onDuplicate(row: Row): void }) {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const dialogs = useDialogs();
  // A tournament's delete changes the list (the league resource's) too.
  const [remove] = useDelete(undefined, undefined, { meta: { invalidates: ['league'] } });
  const deletable = row.deletable && can(role, 'leagues', 'delete');
  const destroy = async () => {
    if (!(await dialogs.confirmDelete({ message: translate('leagues.delete_confirm', { name: row.name }) }))) return;
    await remove(row.is_tournament ? 'tournament' : 'league', { id: row.ID, previousData: row }, {
      onSuccess: () => dialogs.notifySuccess('leagues.deleted'), mutationMode: 'pessimistic',
    });
  };
  return (
    <Stack direction="row" onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate('leagues.open')}><IconButton size="small" aria-label={translate('leagues.open')} href={pathOf(row)} target="_blank" rel="noopener"><OpenInNewIcon fontSize="small" /></IconButton></Tooltip>
      {can(role, 'leagues', 'create') && (
        <Tooltip title={translate('leagues.duplicate')}><IconButton size="small" aria-label={translate('leagues.duplicate')} onClick={() => onDuplicate(row)}><ContentCopyIcon fontSize="small" /></IconButton></Tooltip>
      )}
      {deletable && <Tooltip title={translate('leagues.delete')}><IconButton size="small" aria-label={translate('leagues.delete')} onClick={destroy}><DeleteIcon fontSize="small" /></IconButton></Tooltip>}
    </Stack>
  );
}

export default function LeagueList() {
  const translate = useTranslate();
  const { permissions: role } = usePermissions<Role>();
  const [dialog, setDialog] = useState<{ mode: LeagueDialogMode; source?: Row } | null>(null);
  const exportable = useCanExportHubspot();
  return (
    <>
      <List resource="league" title={translate('leagues.title')} perPage={LEAGUE_PAGE_SIZES[0]} sort={{ field: 'start_date', order: 'DESC' }} actions={false}
        pagination={<Pagination rowsPerPageOptions={[...LEAGUE_PAGE_SIZES]} />} empty={false} disableSyncWithLocation={false}>
        <Filters />
        <Stack direction="row" alignItems="center" sx={{ px: 1 }}>
          <Counts />
          <Box sx={{ flex: 1 }} />
          {can(role, 'leagues', 'create') && (
            <>
              <Button startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>{translate('leagues.add_league')}</Button>
              <Button startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'tournament' })}>{translate('leagues.add_tournament')}</Button>
            </>
          )}
        </Stack>
        <DataTable<Row> rowClick={(_id, _resource, record) => pathOf(record as Row)}
          bulkActionButtons={exportable ? <HubspotBulkButton ids="league_ids" label="leagues.export_hubspot" /> : false}>
          <DataTable.Col source="name" label={translate('leagues.columns.name')} />
          <DataTable.Col label={translate('leagues.columns.details')} render={(r) => <Details row={r as Row} />} />
          <DataTable.Col label={translate('leagues.columns.facility')} render={(r) => r.facility.name} />
          <DataTable.Col source="start_date" label={translate('leagues.columns.start')} render={(r) => day(r.start_date, r.facility.time_zone)} />
          <DataTable.Col source="end_date" label={translate('leagues.columns.end')} render={(r) => day(r.end_date, r.facility.time_zone)} />
          <DataTable.Col label={translate('leagues.columns.age_group')} render={(r) => ageGroupLabel(translate, r.age_group?.name)} />
          <DataTable.Col label={translate('leagues.columns.gender')} render={(r) => genderLabel(translate, r.gender)} />
          <DataTable.Col label={translate('leagues.columns.teams')} render={(r) => r.teams_count} />
          <DataTable.Col align="right" label={translate('leagues.columns.price')} render={(r) => money(r.full_price)} />
          <DataTable.Col label={translate('leagues.columns.actions')} render={(r) => <Actions row={r as Row} onDuplicate={(source) => setDialog({ mode: 'duplicate', source })} />} />
        </DataTable>
      </List>
      {dialog && <LeagueDialog mode={dialog.mode} source={dialog.source} onClose={() => setDialog(null)} />}
    </>
  );
}
