import { useState } from 'react';
import { Box, Button, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, Pagination, useCreate, usePermissions, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { session } from '../../dataProvider/session';
import { AGE_GROUP, type Role } from '../../core/constants';
import { LEAGUE_MESSAGES, TEAM_COLORS, TEAM_PAGE_SIZES } from '../../core/validation/leagues';
import type { TeamListRow } from '../../dataProvider';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useFacilityChoices } from '../../src/layout/facilities';
import { HubspotBulkButton, useCanExportHubspot } from '../../src/components/hubspot/HubspotExport';
import './messages';

// /teams (spec 3 §2.13): filters Filter team, Facility (admins), Age Group; Add new (Create new team);
// the table: tick (Export hubspot of the ticked teams, for admins and managers), Name with current league, Captain
// (name, e-mail, link to the customer), Age group, Facility, # of players, Action (open the team).

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

/** Create new team (spec 3 §2.13): a name ('Please enter a valid team name'), colour #3f51b5 by default. */
export function CreateTeamDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TEAM_COLORS.create);
  const [ageGroup, setAgeGroup] = useState<number>(AGE_GROUP.ADULT);
  const [message, setMessage] = useState<Message | null>(null);
  const [create] = useCreate();
  const submit = () => {
    if (!name.trim()) return setMessage({ severity: 'error', text: LEAGUE_MESSAGES.validTeamName });
    void create('team', { data: { name: name.trim(), color, age_group_id: ageGroup, facility_id: session.userType() === 'admin' ? session.selectedFacility() : undefined } }, {
      onSuccess: (team: { ID: number }) => { onClose(); navigate(`/team/${team.ID}`); }, onError: (e) => setMessage(failure(e)),
    });
  };
  return (
    <FormDialog title="teams.create_title" onClose={onClose} onSubmit={submit} message={message}>
      <TextField size="small" autoFocus label={translate('teams.name')} value={name} onChange={(e) => setName(e.target.value)} />
      <TextField select size="small" label={translate('teams.age_group')} value={ageGroup} onChange={(e) => setAgeGroup(Number(e.target.value))}>
        <MenuItem value={AGE_GROUP.ADULT}>{translate('teams.adult')}</MenuItem>
        <MenuItem value={AGE_GROUP.YOUTH}>{translate('teams.youth')}</MenuItem>
      </TextField>
      <TextField size="small" type="color" label={translate('teams.color')} value={color} onChange={(e) => setColor(e.target.value)} />
    </FormDialog>
  );
}

export default function TeamList() {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const exportable = useCanExportHubspot();
  return (
    <>
      <List resource="teams" title={translate('teams.title')} perPage={50} sort={{ field: 'name', order: 'ASC' }} actions={false}
        pagination={<Pagination rowsPerPageOptions={[...TEAM_PAGE_SIZES]} />} empty={false}>
        <Stack direction="row" alignItems="center">
          <Filters />
          <Box sx={{ flex: 1 }} />
          <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ mr: 1 }}>{translate('teams.add')}</Button>
        </Stack>
        <DataTable<Row> rowClick={(id) => `/team/${id}`} bulkActionButtons={exportable ? <HubspotBulkButton ids="team_ids" label="teams.export_hubspot" /> : false}>
          <DataTable.Col source="name" label={translate('teams.columns.name')} render={(r) => (
            <Box><Typography variant="body2">{r.name}</Typography>{r.current_league && <Typography variant="caption" color="text.secondary">{r.current_league.name}</Typography>}</Box>
          )} />
          <DataTable.Col label={translate('teams.columns.captain')} render={(r) => (r.captain ? (
            <Box onClick={(e) => e.stopPropagation()}>
              <Link component={RouterLink} to={`/customer/${r.captain.ID}`}>{r.captain.first_name} {r.captain.last_name}</Link>
              <Typography variant="caption" display="block">{r.captain.email}</Typography>
            </Box>
          ) : '')} />
          <DataTable.Col label={translate('teams.columns.age_group')} render={(r) => r.age_group?.name ?? ''} />
          <DataTable.Col label={translate('teams.columns.facility')} render={(r) => r.facility.name} />
          <DataTable.Col label={translate('teams.columns.players')} render={(r) => r.players_count} />
          <DataTable.Col label={translate('teams.columns.action')} render={(r) => <Button size="small" component={RouterLink} to={`/team/${r.ID}`} onClick={(e) => e.stopPropagation()}>{translate('teams.open')}</Button>} />
        </DataTable>
      </List>
      {creating && <CreateTeamDialog onClose={() => setCreating(false)} />}
    </>
  );
}
