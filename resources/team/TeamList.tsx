import { useState } from 'react';
import { Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, Pagination, usePermissions, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AGE_GROUP, type Role } from '../../core/constants';
import { TEAM_PAGE_SIZES } from '../../core/validation/leagues';
import type { TeamListRow } from '../../dataProvider';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { useFacilityChoices } from '../../src/kit/layout/facilities';
import { HubspotBulkButton, useCanExportHubspot } from '../../src/kit/components/hubspot/HubspotExport';
import './messages';
import { EmailText } from '../../src/kit/components/ContactText';
import { ageGroupLabel } from '../../src/kit/i18n/labels';
import { inFacility, TeamInputs } from './TeamInputs';

// /teams (spec 3 §2.13): filters Filter team, Facility (admins), Age Group; Add new (Create new team);
// the table: tick (Export hubspot of the ticked teams, for admins and managers), Name with current league, Captain
// (name, e-mail, link to the customer), Age group, Facility, # of players, Action (open the team).
// Create new team is a dialog over the list (also /team/create); the new team's page opens.

type Row = TeamListRow & { id: number };

function Filters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices();
  const set = (key: string, value: unknown) => setFilters(Object.fromEntries(Object.entries({ ...filterValues, [key]: value }).filter(([, v]) => v !== '' && v !== undefined)), {});
  return (
    <Stack direction="row" spacing={1} sx={{ p: 1 }} alignItems="center">
      <TextField size="small" label={translate('teams.filter')} defaultValue={filterValues.q ?? ''} onChange={(e) => set('q', e.target.value)} />
      {role === 'admin' && (
        <TextField select size="small" sx={{ minWidth: 160 }} label={translate('teams.facility')} value={filterValues.facility_id ?? ''} onChange={(e) => set('facility_id', Number(e.target.value) || undefined)}>
          <MenuItem value="">{translate('teams.any')}</MenuItem>
          {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
      )}
      <TextField select size="small" sx={{ minWidth: 140 }} label={translate('teams.age_group')} value={filterValues.age_group_id ?? ''} onChange={(e) => set('age_group_id', Number(e.target.value) || undefined)}>
        <MenuItem value="">{translate('teams.any')}</MenuItem>
        <MenuItem value={AGE_GROUP.YOUTH}>{translate('teams.youth')}</MenuItem>
        <MenuItem value={AGE_GROUP.ADULT}>{translate('teams.adult')}</MenuItem>
      </TextField>
    </Stack>
  );
}

export default function TeamList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const exportable = useCanExportHubspot();
  return (
    <>
      <List resource="team" title={translate('teams.title')} perPage={50} sort={{ field: 'name', order: 'ASC' }} actions={false}
        pagination={<Pagination rowsPerPageOptions={[...TEAM_PAGE_SIZES]} />} empty={false}>
        <Stack direction="row" alignItems="center">
          <Filters />
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ mr: 1 }}>{translate('teams.add')}</Button>
        </Stack>
        <DataTable<Row> rowClick={(id) => showPath('team', id)} bulkActionButtons={exportable ? <HubspotBulkButton ids="team_ids" label="teams.export_hubspot" /> : false}>
          <DataTable.Col source="name" label={translate('teams.columns.name')} render={(r) => (
            <Box><Typography variant="body2">{r.name}</Typography>{r.current_league && <Typography variant="caption" color="text.secondary">{r.current_league.name}</Typography>}</Box>
          )} />
          <DataTable.Col label={translate('teams.columns.captain')} render={(r) => (r.captain ? (
            <Box onClick={(e) => e.stopPropagation()}>
              <Link component={RouterLink} to={`/customer/${r.captain.ID}`}>{r.captain.first_name} {r.captain.last_name}</Link>
              {r.captain.email && <Typography variant="caption" display="block"><EmailText email={r.captain.email} /></Typography>}
            </Box>
          ) : '')} />
          <DataTable.Col label={translate('teams.columns.age_group')} render={(r) => ageGroupLabel(translate, r.age_group?.name)} />
          <DataTable.Col label={translate('teams.columns.facility')} render={(r) => r.facility.name} />
          <DataTable.Col label={translate('teams.columns.players')} render={(r) => r.players_count} />
          <DataTable.Col label={translate('teams.columns.action')} render={(r) => <Button size="small" component={RouterLink} to={showPath('team', r.ID)} onClick={(e) => e.stopPropagation()}>{translate('teams.open')}</Button>} />
        </DataTable>
      </List>
      <EntityDialog target={creating ? { mode: 'create' } : null} onClose={() => setCreating(false)} transform={inFacility}
        titles={{ create: 'teams.create_title' }} notice={() => ({ message: 'teams.created' })} onSaved={(team) => navigate(showPath('team', team.id))}>
        <TeamInputs creating />
      </EntityDialog>
    </>
  );
}
