import { useState } from 'react';
import { Button, Checkbox, Link, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { session } from '../../../../dataProvider/session';
import type { Role } from '../../../../core/constants';
import { can } from '../../../../core/permissions';
import { addDays, todayIn, type IsoDate } from '../../../../core/reports';
import { useTouchlineDataProvider, type CustomerSummary } from '../../../../dataProvider';
import { dateTime, fromLocalInput, WEEKDAYS } from '../../../kit/components/format';
import { useFacilityTimeZone } from '../../../kit/components/useFacilityTimeZone';
import { CustomerPicker } from '../../../kit/components/CustomerPicker';
import { ExportButton } from '../../../kit/components/ExportButton';
import { TypedDateField } from '../../../kit/components/TypedDateField';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import { useDialogs } from '../../../kit/layout/dialogs';
import { CreatePickupDialog } from './CreatePickupDialog';
import '../../../../resources/contract/messages';
import { shownEmail } from '../../../kit/components/ContactText';

// /pickup (spec 2 §2 Pickup screen): Slot / Presence. Slot: facility and day-of-week filters, Add new
// (admins), the sessions. Presence: date range, facility (admins), customer, the players with their
// checked-in box, Export (admins).

const hours = (time: number) => `${String(Math.floor(time)).padStart(2, '0')}:${String(Math.round((time % 1) * 60)).padStart(2, '0')}`;

export default function PickupPage() {
  const translate = useTranslate();
  const [mode, setMode] = useState<'slot' | 'presence'>('slot');
  return (
    <Paper sx={{ m: 2, p: 2 }}>
      <Title title={translate('pickup.title')} />
      <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, v) => v && setMode(v)} sx={{ mb: 2 }}>
        <ToggleButton value="slot">{translate('pickup.slot')}</ToggleButton>
        <ToggleButton value="presence">{translate('pickup.presence')}</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'slot' ? <Slots /> : <Presence />}
    </Paper>
  );
}

function FacilityFilter({ value, onChange }: { value: number; onChange(v: number): void }) {
  const translate = useTranslate();
  const facilities = useFacilityChoices();
  return (
    <TextField select size="small" sx={{ minWidth: 180 }} label={translate('pickup.facility')} value={value} onChange={(e) => onChange(Number(e.target.value))}
      disabled={session.userType() !== 'admin'}>
      <MenuItem value={0}>{translate('pickup.all')}</MenuItem>
      {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
    </TextField>
  );
}

function Slots() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const [facility, setFacility] = useState(session.facilityScope() ?? 0);
  const [day, setDay] = useState<number | ''>('');
  const [adding, setAdding] = useState(false);
  const { data = [] } = useQuery({ queryKey: ['pickup', facility, day], queryFn: () => dataProvider.pickupSessions({ facility_id: facility, day: day === '' ? undefined : day }) });
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center">
        <FacilityFilter value={facility} onChange={setFacility} />
        <TextField select size="small" sx={{ minWidth: 160 }} label={translate('pickup.day')} value={day} onChange={(e) => setDay(e.target.value === '' ? '' : Number(e.target.value))}>
          <MenuItem value="">{translate('pickup.all')}</MenuItem>
          {WEEKDAYS.map((d) => <MenuItem key={d} value={d}>{translate(`contracts.weekdays.${d}`)}</MenuItem>)}
        </TextField>
        {can(role, 'pickup', 'create') && <Button variant="contained" onClick={() => setAdding(true)}>{translate('pickup.add')}</Button>}
      </Stack>
      <Table size="small" data-testid="pickup-sessions">
        <TableHead><TableRow>{['id', 'facility', 'slots', 'slot', 'contract'].map((c) => <TableCell key={c}>{translate(`pickup.columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {data.map((s) => (
            <TableRow key={s.ID}>
              <TableCell><Link component={RouterLink} to={`/pickup/${s.ID}`}>{s.ID}</Link></TableCell>
              <TableCell>{s.facility.name}</TableCell>
              <TableCell>{s.slots}</TableCell>
              <TableCell>{`${translate(`contracts.weekdays.${s.slot.day}`)} ${hours(s.slot.time)} — ${s.field.name}`}</TableCell>
              <TableCell><Link component={RouterLink} to={`/contract/${s.contract.ID}`}>{s.contract.name}</Link></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {adding && <CreatePickupDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function Presence() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const [facility, setFacility] = useState(session.facilityScope() ?? 0);
  // The dates are whole days in the facility's zone (the user's own facility's for all of them), as the
  // rows' times are shown: by default today and tomorrow's midnight.
  const zone = useFacilityTimeZone(facility || (session.facilityId() ?? undefined));
  const [firstDay, setFirstDay] = useState<IsoDate | null>(null);
  const [lastDay, setLastDay] = useState<IsoDate | null>(null);
  const today = todayIn(zone);
  const from = firstDay ?? today;
  const to = lastDay ?? addDays(today, 1);
  const start = fromLocalInput(`${from}T00:00`, zone);
  const end = fromLocalInput(`${to}T00:00`, zone);
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const { data = [], refetch, isPending } = useQuery({
    queryKey: ['pickupPlayers', facility, start, end, customer?.ID],
    queryFn: () => dataProvider.pickupPlayers({ facility_id: facility, start, end, customer_id: customer?.ID }),
  });
  const toggle = async (id: number, present: boolean) => { if (await run(() => dataProvider.checkInPickup(id, present))) void refetch(); };
  const columns = ['facility', 'date', 'slot', 'customer', 'contact', 'checked_in'];
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <TypedDateField size="small" type="date" label={translate('pickup.start')} InputLabelProps={{ shrink: true }} value={from} onValue={setFirstDay} />
        <TypedDateField size="small" type="date" label={translate('pickup.end')} InputLabelProps={{ shrink: true }} value={to} onValue={setLastDay} />
        <FacilityFilter value={facility} onChange={setFacility} />
        <CustomerPicker label={translate('pickup.customer')} value={customer} onChange={setCustomer} />
        {can(role, 'pickup', 'export') && (
          <ExportButton disabled={!data.length} build={() => ({
            prefix: 'pickup_players', sheetName: 'Players', header: columns.map((c) => translate(`pickup.columns.${c}`)),
            rows: data.map((p) => [p.facility.name, dateTime(p.start_date, p.facility.time_zone), p.slot.field, `${p.customer.first_name} ${p.customer.last_name}`, shownEmail(p.customer.email) ?? p.customer.phone ?? '', p.checked_in ? 1 : 0]),
          })} />
        )}
      </Stack>
      <Table size="small" data-testid="pickup-players">
        <TableHead><TableRow>{columns.map((c) => <TableCell key={c}>{translate(`pickup.columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {data.map((p) => (
            <TableRow key={p.ID}>
              <TableCell>{p.facility.name}</TableCell>
              <TableCell>{dateTime(p.start_date, p.facility.time_zone)}</TableCell>
              <TableCell>{p.slot.field}</TableCell>
              <TableCell><Link component={RouterLink} to={`/customer/${p.customer.ID}`}>{`${p.customer.first_name} ${p.customer.last_name}`}</Link></TableCell>
              <TableCell>{shownEmail(p.customer.email) ?? p.customer.phone}</TableCell>
              <TableCell><Checkbox checked={p.checked_in} onChange={(e) => void toggle(p.ID, e.target.checked)} inputProps={{ 'aria-label': translate('pickup.columns.checked_in') }} /></TableCell>
            </TableRow>
          ))}
          {!isPending && !data.length && (
            <TableRow><TableCell colSpan={columns.length} sx={{ color: 'text.secondary' }} data-testid="pickup-players-empty">{translate('pickup.no_presence')}</TableCell></TableRow>
          )}
        </TableBody>
      </Table>
    </Stack>
  );
}
