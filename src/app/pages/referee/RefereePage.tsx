import { useState } from 'react';
import { Box, Button, Checkbox, Link, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, Title, useGetList, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { assignReferee } from '../../../../core/api/referees';
import type { Role } from '../../../../core/constants';
import { defaultTimeZone, formatDateTime } from '../../../../core/time';
import { useTouchlineDataProvider, type RefereeMatch, type RefereeOption } from '../../../../dataProvider';
import { fromDateInput, toDateInput } from '../../../kit/components/programFormat';
import { DeclaredDialog } from '../../../kit/entity/DeclaredDialog';
import { useDialogs } from '../../../kit/layout/dialogs';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import { session } from '../../../../dataProvider/session';
import './messages';

// Referee assignment (/referee, spec 3 §2.17): matches of a date range (clearing either date clears
// both; both are needed to search), facility (admins), field, assigned or not; rows toggle their
// selection; Assign Referee (once some are selected) opens the dialog of the facility's referees.

const DAY = 86400;
const today = () => Math.floor(Date.now() / 1000);

export default function RefereePage() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const facilities = useFacilityChoices({ enabled: role === 'admin' });
  const [facility, setFacility] = useState<number>(() => session.facilityId() ?? 1);
  const zone = defaultTimeZone(facility);
  const [start, setStart] = useState(() => toDateInput(today(), zone));
  const [end, setEnd] = useState(() => toDateInput(today() + 7 * DAY, zone));
  const [field, setField] = useState(0);
  const [assigned, setAssigned] = useState<'' | 'yes' | 'no'>('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [assigning, setAssigning] = useState(false);
  const query = () => {
    const s = fromDateInput(start, zone);
    const e = fromDateInput(end, zone, true);
    return s && e ? { start_date: s, end_date: e, facility_id: role === 'admin' ? facility : undefined, field_id: field || undefined, assigned: assigned || undefined } : null;
  };
  const [search, setSearch] = useState(query);
  // Kept under 'refereeMatches': an assignment refreshes it (the dialog's `invalidates`).
  const { data: rows = [] } = useQuery({ queryKey: ['refereeMatches', search], queryFn: () => dataProvider.refereeMatches(search!), enabled: search !== null });
  const { data: fields = [] } = useGetList<{ id: number; ID: number; name: string }>('fields', { filter: { facility_id: facility }, pagination: { page: 1, perPage: 200 }, sort: { field: 'number', order: 'ASC' } });
  // Clearing either date clears both (spec 3 §2.17).
  const setDate = (which: 'start' | 'end', value: string) => {
    if (!value) { setStart(''); setEnd(''); return; }
    (which === 'start' ? setStart : setEnd)(value);
  };
  const toggle = (id: number) => setSelected((s) => { const next = new Set(s); if (next.has(id)) next.delete(id); else next.add(id); return next; });
  const chosen = rows.filter((r) => selected.has(r.ID));

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={translate('page.referee')} />
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
          <TextField fullWidth={false} type="date" size="small" label={translate('referees.start')} value={start} onChange={(e) => setDate('start', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField fullWidth={false} type="date" size="small" label={translate('referees.end')} value={end} onChange={(e) => setDate('end', e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          {role === 'admin' && (
            <TextField fullWidth={false} select size="small" sx={{ minWidth: 180 }} label={translate('referees.facility')} value={facility} onChange={(e) => { setFacility(Number(e.target.value)); setField(0); }}>
              {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
            </TextField>
          )}
          <TextField fullWidth={false} select size="small" sx={{ minWidth: 160 }} label={translate('referees.field')} value={field} onChange={(e) => setField(Number(e.target.value))}>
            <MenuItem value={0}>{translate('referees.any')}</MenuItem>
            {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <TextField fullWidth={false} select size="small" sx={{ minWidth: 180 }} label={translate('referees.assigned')} value={assigned} onChange={(e) => setAssigned(e.target.value as '' | 'yes' | 'no')}>
            <MenuItem value="">{translate('referees.any')}</MenuItem>
            <MenuItem value="yes">{translate('referees.yes')}</MenuItem>
            <MenuItem value="no">{translate('referees.no')}</MenuItem>
          </TextField>
          <Button variant="outlined" disabled={!start || !end} onClick={() => { setSelected(new Set()); setSearch(query()); }}>{translate('referees.search')}</Button>
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => setAssigning(true)}>{translate('referees.assign')}</Button>
        </Stack>
      </Paper>
      <Paper sx={{ maxHeight: 650, overflow: 'auto' }}>
        {rows.length === 0 ? <Typography sx={{ p: 2 }} color="text.secondary">{translate('referees.none')}</Typography> : (
          <Table size="small" stickyHeader aria-label={translate('page.referee')}>
            <TableHead>
              <TableRow>{(['select', 'facility', 'league', 'match', 'referee', 'date'] as const).map((c) => <TableCell key={c}>{translate(c === 'select' ? 'referees.select' : `referees.columns.${c}`)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => <MatchRow key={m.ID} match={m} selected={selected.has(m.ID)} onToggle={() => toggle(m.ID)} />)}
            </TableBody>
          </Table>
        )}
      </Paper>
      {assigning && <AssignDialog matches={chosen} onClose={() => setAssigning(false)} onDone={() => setSelected(new Set())} />}
    </Stack>
  );
}

function MatchRow({ match: m, selected, onToggle }: { match: RefereeMatch; selected: boolean; onToggle(): void }) {
  const name = `${m.home_team?.name ?? 'TBD'} - ${m.away_team?.name ?? 'TBD'}`;
  return (
    <TableRow hover selected={selected} onClick={onToggle} sx={{ cursor: 'pointer' }}>
      <TableCell padding="checkbox"><Checkbox checked={selected} slotProps={{ input: { 'aria-label': name } }} onClick={(e) => e.stopPropagation()} onChange={onToggle} /></TableCell>
      <TableCell>{m.event.field ? `${m.event.field.number}-${m.event.field.name}, ` : ''}{m.event.facility.name}</TableCell>
      <TableCell><Link component={RouterLink} to={`/league/${m.league.ID}`} onClick={(e) => e.stopPropagation()}>{m.league.name}</Link></TableCell>
      <TableCell>{name}</TableCell>
      <TableCell>{m.referee ? `${m.referee.first_name} ${m.referee.last_name}` : ''}</TableCell>
      <TableCell>{formatDateTime(m.date, m.event.facility.time_zone)}</TableCell>
    </TableRow>
  );
}

/** The facility's referees; the call's declaration says 'Please select valid matches and a referee' under the choice. */
function AssignDialog({ matches, onClose, onDone }: { matches: RefereeMatch[]; onClose(): void; onDone(): void }) {
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const facilityId = matches[0]?.event.facility.ID;
  const { data: referees = [] } = useQuery({ queryKey: ['referees', facilityId], queryFn: () => dataProvider.allReferees(facilityId) });
  return (
    <DeclaredDialog title="referees.dialog.title" submitLabel="referees.dialog.submit" endpoint={assignReferee} invalidates={['refereeMatches']} onClose={onClose}
      input={(values) => ({ body: { referee_id: values.referee_id, match_ids: matches.map((m) => m.ID) } })}
      onDone={() => { dialogs.notifySuccess('referees.assigned_ok'); onDone(); }}>
      <SelectInput source="referee_id" label="referees.dialog.referee" choices={referees} optionValue="ID"
        optionText={(r: RefereeOption) => (
          <Box>
            <Typography>{`${r.first_name} ${r.last_name}`}</Typography>
            <Typography variant="caption" color="text.secondary">{[r.facility.name, r.email, r.phone].filter(Boolean).join(' · ')}</Typography>
          </Box>
        )} />
    </DeclaredDialog>
  );
}
