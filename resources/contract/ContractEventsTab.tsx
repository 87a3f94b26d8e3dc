import { useMemo, useState } from 'react';
import { Button, Checkbox, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import dayjs from 'dayjs';
import { usePermissions, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { can } from '../../core/permissions';
import { deleteContractEvents } from '../../core/api/contracts';
import type { ContractDetail, ContractEvent } from '../../dataProvider';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { EventsDialog } from './EventsDialog';
import { dateTime, money, useFacilityFields, WEEKDAYS } from './shared';
import './messages';

// The Events tab (spec 2 §2): Add event, Bulk Edit with select-all, filters (fields, days of the week,
// price), the table (field, day, start, end, fee per hour; edit / open / delete). Each change refreshes
// every open view of the contract and its invoice.

export function ContractEventsTab({ contract }: { contract: ContractDetail }) {
  const translate = useTranslate();
  const deleteEvents = useDeclaredMutation(deleteContractEvents, { invalidates: ['contract', 'invoice'], meta: { errorDialog: false } });
  const { confirmDelete, run } = useDialogs();
  const { permissions: role } = usePermissions<Role>();
  const fields = useFacilityFields(contract.facility_id);
  const zone = contract.facility.time_zone;
  const [bulk, setBulk] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [filter, setFilter] = useState<{ fields: number[]; days: number[]; price: '' | 'main' | 'custom' }>({ fields: [], days: [], price: '' });
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'edit'; events: ContractEvent[] } | null>(null);

  const weekday = (e: ContractEvent) => dayjs.unix(e.start_date).tz(zone).day();
  const shown = useMemo(() => contract.events.filter((e) =>
    (!filter.fields.length || filter.fields.includes(e.field_id))
    && (!filter.days.length || filter.days.includes(weekday(e)))
    && (!filter.price || (filter.price === 'custom') === e.custom_price)), [contract.events, filter]); // eslint-disable-line react-hooks/exhaustive-deps
  const allSelected = shown.length > 0 && shown.every((e) => selected.includes(e.ID));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const remove = async (ids: number[]) => {
    if (!(await confirmDelete({ message: translate('contracts.events.delete_confirm', { count: ids.length }) }))) return;
    if (await run(() => deleteEvents.mutateAsync({ params: { id: contract.ID }, body: { event_ids: ids } }))) setSelected([]);
  };
  const mayDelete = can(role, 'contracts', 'delete') && !contract.has_payments;

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center">
        <Button variant="contained" onClick={() => setDialog({ mode: 'add' })}>{translate('contracts.events.add')}</Button>
        <Button variant={bulk ? 'contained' : 'outlined'} onClick={() => { setBulk(!bulk); setSelected([]); }}>{translate('contracts.events.bulk')}</Button>
        {bulk && (
          <>
            <Typography variant="body2">{translate('contracts.events.selected', { count: selected.length })}</Typography>
            <Button disabled={!selected.length} onClick={() => setDialog({ mode: 'edit', events: contract.events.filter((e) => selected.includes(e.ID)) })}>{translate('contracts.events.edit_selected')}</Button>
            <Button color="error" disabled={!selected.length || !mayDelete} onClick={() => void remove(selected)}>{translate('contracts.events.delete_selected')}</Button>
          </>
        )}
        <TextField fullWidth={false} select size="small" sx={{ minWidth: 160 }} label={translate('contracts.events.field')} SelectProps={{ multiple: true }} value={filter.fields}
          onChange={(e) => setFilter({ ...filter, fields: e.target.value as unknown as number[] })}>
          {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
        </TextField>
        <TextField fullWidth={false} select size="small" sx={{ minWidth: 160 }} label={translate('contracts.events.days')} SelectProps={{ multiple: true }} value={filter.days}
          onChange={(e) => setFilter({ ...filter, days: e.target.value as unknown as number[] })}>
          {WEEKDAYS.map((d) => <MenuItem key={d} value={d}>{translate(`contracts.weekdays.${d}`)}</MenuItem>)}
        </TextField>
        <TextField fullWidth={false} select size="small" sx={{ minWidth: 150 }} label={translate('contracts.events.price')} value={filter.price}
          onChange={(e) => setFilter({ ...filter, price: e.target.value as '' | 'main' | 'custom' })}>
          <MenuItem value="">{translate('contracts.events.any_price')}</MenuItem>
          <MenuItem value="main">{translate('contracts.events.main_price')}</MenuItem>
          <MenuItem value="custom">{translate('contracts.events.custom_only')}</MenuItem>
        </TextField>
      </Stack>
      <Table size="small" data-testid="contract-events">
        <TableHead>
          <TableRow>
            {bulk && <TableCell padding="checkbox"><Checkbox checked={allSelected} inputProps={{ 'aria-label': translate('contracts.events.select_all') }}
              onChange={() => setSelected(allSelected ? [] : shown.map((e) => e.ID))} /></TableCell>}
            {['field', 'day', 'start', 'end', 'fee', 'actions'].map((c) => <TableCell key={c}>{translate(`contracts.events.${c}`)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((e) => (
            <TableRow key={e.ID} selected={selected.includes(e.ID)}>
              {bulk && <TableCell padding="checkbox"><Checkbox checked={selected.includes(e.ID)} onChange={() => toggle(e.ID)} /></TableCell>}
              <TableCell>{e.field?.name}</TableCell>
              <TableCell>{translate(`contracts.weekdays.${weekday(e)}`)}</TableCell>
              <TableCell>{dateTime(e.start_date, zone)}</TableCell>
              <TableCell>{dateTime(e.end_date, zone)}</TableCell>
              <TableCell>{money(e.hourly)}{e.custom_price ? ' *' : ''}</TableCell>
              <TableCell>
                <IconButton size="small" aria-label={translate('contracts.events.edit')} onClick={() => setDialog({ mode: 'edit', events: [e] })}><EditIcon fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={translate('contracts.events.open')} href={`/calendar/event/${e.ID}`} target="_blank"><OpenInNewIcon fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={translate('contracts.events.delete')} disabled={!mayDelete} onClick={() => void remove([e.ID])}><DeleteIcon fontSize="small" /></IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {dialog && <EventsDialog contract={contract} fields={fields} events={dialog.mode === 'edit' ? dialog.events : []} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); setSelected([]); }} />}
    </Stack>
  );
}
