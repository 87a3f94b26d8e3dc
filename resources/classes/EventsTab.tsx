import { useState } from 'react';
import {
  Button, Checkbox, Chip, FormControlLabel, IconButton, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SelectInput, TextInput, required as requiredBy, useGetList, useTranslate } from 'react-admin';
import { formatDateTime } from '../../core/time';
import { CLASS_MESSAGES } from '../../core/validation/classes';
import { createClassEvent, deleteClassEvent, forceClassEvent, updateClassEvent } from '../../core/api/classes';
import { useTouchlineDataProvider, type ClassDetail, type ClassEvent } from '../../dataProvider';
import { keyed } from '../../dataProvider/call';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredWrite, useInvalidate } from '../../src/kit/entity/useDeclared';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { failure, type Message } from '../../src/kit/components/FormMessage';
import { useSubmitOnce } from '../../src/kit/components/useSubmitOnce';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { fromWallSpan, usePaged, wallInputs } from './shared';
import './messages';

// The Events tab (spec 3 §2.16): start, duration, field, edit / open the event page / delete; and Add
// manual class (spec 3 §5): rows of field, date and times, checked for availability first ('Check for
// availabilities first'); a row taken by another event blocks Save unless marked Keep ('Please ensure
// that all events have available spots, …'); kept rows are created with the forced create.

interface FieldOption { id: number; ID: number; name: string; number: number }

function useFields(facilityId: number) {
  const { data = [] } = useGetList<FieldOption>('fields', { filter: { facility_id: facilityId }, pagination: { page: 1, perPage: 200 }, sort: { field: 'number', order: 'ASC' } }, { staleTime: 60_000 });
  return data;
}

export function EventsTab({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const deleteEvent = useDeclaredWrite(deleteClassEvent, 'classes', 'events');
  const [editing, setEditing] = useState<ClassEvent | null>(null);
  const { shown, pager } = usePaged(cls.events);
  const zone = cls.facility.time_zone;
  const t = (key: string) => translate(`classes.page.${key}`);
  const remove = async (event: ClassEvent) => {
    if (!(await dialogs.confirmDelete({ message: t('delete_event_confirm') }))) return;
    await dialogs.run(() => deleteEvent.mutateAsync({ params: { id: event.ID } }));
  };
  return (
    <>
      <Table size="small" aria-label={t('tabs.events')}>
        <TableHead><TableRow>{(['start', 'duration', 'field', 'actions'] as const).map((c) => <TableCell key={c}>{t(`event_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {cls.events.length === 0 && <TableRow><TableCell colSpan={4}>{t('no_rows')}</TableCell></TableRow>}
          {shown.map((e) => (
            <TableRow key={e.ID}>
              <TableCell>{formatDateTime(e.start_date, zone)}</TableCell>
              <TableCell>{Math.round(((e.end_date - e.start_date) / 3600) * 100) / 100}</TableCell>
              <TableCell>{e.field.name}{e.keep ? <Chip size="small" color="error" label={translate('classes.dialogs.keep')} sx={{ ml: 1 }} /> : null}</TableCell>
              <TableCell>
                <Tooltip title={t('edit_event')}><IconButton size="small" aria-label={t('edit_event')} onClick={() => setEditing(e)}><EditIcon fontSize="small" /></IconButton></Tooltip>
                <Tooltip title={t('open_event')}><IconButton size="small" aria-label={t('open_event')} href={`/calendar/event/${e.ID}`} target="_blank" rel="noopener"><OpenInNewIcon fontSize="small" /></IconButton></Tooltip>
                <Tooltip title={t('delete_event')}><IconButton size="small" aria-label={t('delete_event')} onClick={() => remove(e)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pager}
      {editing && <EditEventDialog cls={cls} event={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function EditEventDialog({ cls, event, onClose }: { cls: ClassDetail; event: ClassEvent; onClose(): void }) {
  const translate = useTranslate();
  const fields = useFields(cls.facility_id);
  const zone = cls.facility.time_zone;
  const t = (key: string) => translate(`classes.dialogs.${key}`);
  const start = wallInputs(event.start_date, zone);
  const required = requiredBy(CLASS_MESSAGES.required);
  return (
    <DeclaredDialog title="classes.page.edit_event" endpoint={updateClassEvent} invalidates={['classes', 'events']} onClose={onClose} inputRules
      defaultValues={{ field_id: event.field_id, date: start.date, from: start.time, to: wallInputs(event.end_date, zone).time, comment: event.comment ?? '' }}
      // The times are the date's, in the facility's zone; their reasons show under From and To.
      fieldOf={(path) => ({ start_date: 'from', end_date: 'to' })[path] ?? path}
      input={(values) => {
        const span = fromWallSpan(values.date ?? '', values.from ?? '', values.to ?? '', zone);
        return {
          params: { id: event.ID },
          body: { field_id: values.field_id, comment: values.comment ?? '', start_date: span.start_date ?? undefined, end_date: span.end_date ?? undefined },
        };
      }}>
      <Stack direction="row" spacing={1}>
        <SelectInput source="field_id" label={t('field')} choices={fields.map((f) => ({ ID: f.ID, text: `${f.number} - ${f.name}` }))} optionValue="ID" optionText="text" isRequired sx={{ minWidth: 160 }} />
        <TextInput source="date" type="date" label={t('date')} InputLabelProps={{ shrink: true }} validate={required} />
        <TextInput source="from" type="time" label={t('from')} InputLabelProps={{ shrink: true }} validate={required} />
        <TextInput source="to" type="time" label={t('to')} InputLabelProps={{ shrink: true }} validate={required} />
      </Stack>
      <TextInput source="comment" label={t('comment')} />
    </DeclaredDialog>
  );
}

interface Draft { field_id: number | ''; date: string; from: string; to: string }

function RowFields({ fields, row, onChange }: { fields: FieldOption[]; row: Draft; onChange(changes: Partial<Draft>): void }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`classes.dialogs.${key}`);
  return (
    <Stack direction="row" spacing={1}>
      <TextField select size="small" sx={{ minWidth: 160 }} label={t('field')} value={row.field_id} onChange={(e) => onChange({ field_id: Number(e.target.value) })}>
        {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.number} - {f.name}</MenuItem>)}
      </TextField>
      <TextField size="small" type="date" label={t('date')} InputLabelProps={{ shrink: true }} value={row.date} onChange={(e) => onChange({ date: e.target.value })} />
      <TextField size="small" type="time" label={t('from')} InputLabelProps={{ shrink: true }} value={row.from} onChange={(e) => onChange({ from: e.target.value })} />
      <TextField size="small" type="time" label={t('to')} InputLabelProps={{ shrink: true }} value={row.to} onChange={(e) => onChange({ to: e.target.value })} />
    </Stack>
  );
}

type Status = 'unchecked' | 'ok' | 'taken' | 'closed';
/** `reason`: why a checked slot is not free — the field's opening hours, or the bookings in the way (m19). */
interface PlannedRow extends Draft { status: Status; keep: boolean; reason?: string }

/** A week later, the same time: the next row of a weekly class. */
function nextWeek(row: PlannedRow): PlannedRow {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(row.date);
  const date = d ? new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + 7)).toISOString().slice(0, 10) : '';
  return { ...row, date, status: 'unchecked', keep: false, reason: undefined };
}

export function AddEventsDialog({ cls, onClose }: { cls: ClassDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const invalidate = useInvalidate();
  const fields = useFields(cls.facility_id);
  const { busy, submit } = useSubmitOnce();
  const zone = cls.facility.time_zone;
  const [rows, setRows] = useState<PlannedRow[]>([{ field_id: '', date: '', from: '16:00', to: '17:00', status: 'unchecked', keep: false }]);
  const [message, setMessage] = useState<Message | null>(null);
  const t = (key: string) => translate(`classes.dialogs.${key}`);
  const edit = (i: number, changes: Partial<PlannedRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, status: 'unchecked', keep: false, reason: undefined, ...changes } : r)));
  const slots = () => rows.map((r) => ({ field_id: Number(r.field_id), ...fromWallSpan(r.date, r.from, r.to, zone) }));

  const check = async () => {
    const planned = slots();
    if (planned.some((s) => !s.field_id || s.start_date === null || s.end_date === null)) return setMessage(failure(CLASS_MESSAGES.required));
    const answer = await dialogs.run(() => dataProvider.checkRepeat(planned as Array<{ field_id: number; start_date: number; end_date: number }>), { onError: (e) => setMessage(failure(e)) });
    if (!answer) return;
    setMessage(null);
    // A closed field (opening hours) is no Keep's to override; a slot taken by bookings is (spec 3 §4).
    setRows(rows.map((r, i) => {
      const checked = answer.events[i];
      if (checked?.is_ok) return { ...r, status: 'ok', reason: undefined };
      if (checked?.closed) return { ...r, status: 'closed', keep: false, reason: checked.closed };
      return { ...r, status: 'taken', reason: checked?.events_on_spot.map((e) => [e.product_type, e.comment].filter(Boolean).join(' ')).join(', ') || undefined };
    }));
  };

  const save = async () => {
    if (rows.some((r) => r.status === 'unchecked')) return setMessage(failure(CLASS_MESSAGES.checkFirst));
    if (rows.some((r) => r.status === 'closed' || (r.status === 'taken' && !r.keep))) return setMessage(failure(CLASS_MESSAGES.keepOrFree));
    const planned = slots();
    const done = await submit((key) => dialogs.run(async () => {
      for (const [i, r] of rows.entries()) {
        const s = planned[i];
        // Each event its own key (a retry answers its first result); a kept one through the forced create.
        await dataProvider.call(r.keep ? forceClassEvent : createClassEvent, { body: { class_id: cls.ID, field_id: s.field_id, start_date: s.start_date!, end_date: s.end_date! } }, keyed(`${key}-${i}`));
      }
      return true;
    }, { onError: (e) => setMessage(failure(e)) }));
    // Those created before a refusal are kept too: the page shows every one that was.
    await invalidate('classes', 'events');
    if (!done) return;
    onClose();
  };

  return (
    <FormDialog title={t('events')} onClose={onClose} onSubmit={save} submitLabel={t('save')} submitDisabled={busy} message={message} maxWidth="md">
      {rows.map((r, i) => (
        <Stack key={i} direction="row" spacing={1} alignItems="center" data-testid="event-row">
          <RowFields fields={fields} row={r} onChange={(changes) => edit(i, changes)} />
          <Chip size="small" label={t(r.status === 'ok' ? 'available' : r.status === 'unchecked' ? 'unchecked' : r.status)} color={r.status === 'ok' ? 'success' : r.status === 'unchecked' ? 'default' : 'error'} />
          {r.reason && <Typography variant="caption" color="error" data-testid="event-row-reason" sx={{ maxWidth: 220 }}>{r.reason}</Typography>}
          {r.status === 'taken' && <FormControlLabel control={<Checkbox checked={r.keep} onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, keep: e.target.checked } : x)))} />} label={t('keep')} />}
          {rows.length > 1 && <IconButton size="small" aria-label={translate('classes.delete')} onClick={() => setRows(rows.filter((_, j) => j !== i))}><DeleteIcon fontSize="small" /></IconButton>}
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => setRows([...rows, nextWeek(rows.at(-1)!)])}>{t('add_row')}</Button>
        <Button variant="outlined" onClick={check}>{t('check')}</Button>
      </Stack>
    </FormDialog>
  );
}
