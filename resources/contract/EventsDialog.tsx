import { useState } from 'react';
import {
  Alert, Button, Checkbox, DialogActions, DialogContent, FormControlLabel, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField,
} from '@mui/material';
import { KitDialog } from '../../src/kit/layout/KitDialog';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import dayjs from 'dayjs';
import { useTranslate } from 'react-admin';
import { addContractEvents, checkContractEvents, editContractEvents } from '../../core/api/contracts';
import type { CheckedRow, ContractDetail, ContractEvent, SlotRow } from '../../dataProvider';
import { useDeclaredMutation } from '../../src/kit/entity/useDeclared';
import { failure, FormMessage, type Message } from '../../src/kit/components/FormMessage';
import { dateTime, fromLocalInput, toLocalInput } from './shared';
import './messages';

// Add events (a weekly series, optional custom hourly price) or edit selected ones (spec 2 §2, §4,
// §5): another field, another date/time (one event), another hourly price — 'Check for
// availabilities first' before saving a move, conflicts listed with the events already on the spot,
// each may be kept — not a row outside the field's opening hours, shown with why. A custom price
// counts only while its box is ticked (unticking clears it). A save refreshes every open view of the
// contract (its card, events, history) and of invoices (its invoice follows).

interface Props {
  contract: ContractDetail;
  fields: Array<{ ID: number; name: string }>;
  /** The events to edit; none: adding. */
  events: ContractEvent[];
  onClose(): void;
  /** After a save (the views have been told). */
  onSaved(): void;
}

/** The dialog says a failure itself. */
const quiet = { meta: { errorDialog: false } };

const error = (text: string): Message => ({ severity: 'error', text });

export function EventsDialog({ contract, fields, events, onClose, onSaved }: Props) {
  const translate = useTranslate();
  const checkEvents = useDeclaredMutation(checkContractEvents, { invalidates: [], ...quiet });
  const addEvents = useDeclaredMutation(addContractEvents, { invalidates: ['contract', 'invoice'], ...quiet });
  const editEvents = useDeclaredMutation(editContractEvents, { invalidates: ['contract', 'invoice'], ...quiet });
  const zone = contract.facility.time_zone;
  const adding = events.length === 0;
  const single = events.length === 1 ? events[0] : null;
  const [fieldId, setFieldId] = useState<number | ''>(single?.field_id ?? (adding ? '' : ''));
  const [start, setStart] = useState(single ? toLocalInput(single.start_date, zone) : '');
  const [end, setEnd] = useState(single ? toLocalInput(single.end_date, zone) : '');
  const [weeks, setWeeks] = useState('1');
  const [custom, setCustom] = useState(single?.custom_price ?? false);
  const [price, setPrice] = useState(single?.custom_price ? String(single.hourly) : '');
  const [checked, setChecked] = useState<CheckedRow[] | null>(null);
  const [keep, setKeep] = useState<number[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const stale = () => { setChecked(null); setKeep([]); };
  /** The slots the change asks for, or the message saying what is missing. */
  const rows = (): SlotRow[] | Message => {
    if (adding || single) {
      if (!fieldId) return error('contracts.select_field');
      if (!start || !end) return error('contracts.select_times');
      const s = fromLocalInput(start, zone);
      const e = fromLocalInput(end, zone);
      if (e <= s) return error('contracts.end_after_start');
      if (single) return [{ ID: single.ID, field_id: Number(fieldId), start_date: s, end_date: e }];
      return Array.from({ length: Math.max(1, Math.min(52, Number(weeks) || 1)) }, (_, i) => {
        // Same wall-clock time each week, across daylight-saving changes.
        const local = dayjs.unix(s).tz(zone);
        const startAt = dayjs.tz(`${local.add(i, 'week').format('YYYY-MM-DD')} ${local.format('HH:mm')}`, zone).unix();
        return { field_id: Number(fieldId), start_date: startAt, end_date: startAt + (e - s) };
      });
    }
    return events.map((ev) => ({ ID: ev.ID, field_id: fieldId ? Number(fieldId) : ev.field_id, start_date: ev.start_date, end_date: ev.end_date }));
  };
  const moves = (list: SlotRow[]) => adding || list.some((r, i) => r.field_id !== events[i].field_id || r.start_date !== events[i].start_date || r.end_date !== events[i].end_date);
  const priceValue = (): number | null | undefined | Message => {
    if (!custom) return adding ? undefined : events.some((e) => e.custom_price) ? null : undefined;
    const n = Number(price);
    return price.trim() && n > 0 && Number.isFinite(n) ? n : error('contracts.price_weird');
  };

  const check = async () => {
    const list = rows();
    if (!Array.isArray(list)) return setMessage(list);
    setBusy(true);
    try {
      const answer = await checkEvents.mutateAsync({ params: { id: contract.ID }, body: { events: list } });
      setChecked(answer.events);
      setMessage(null);
    } catch (e) {
      setMessage(failure(e));
    } finally {
      setBusy(false);
    }
  };

  /** Adding: a checked week taken out of the list (as in the calendar's repeat dialog); Keep follows its rows. */
  const remove = (index: number) => {
    setChecked((rows) => rows && rows.filter((_, i) => i !== index));
    setKeep((kept) => kept.filter((i) => i !== index).map((i) => (i > index ? i - 1 : i)));
  };

  const save = async () => {
    // Adding after a check: the weeks as checked, less those removed.
    const list: SlotRow[] | Message = adding && checked ? checked.map(({ field_id, start_date, end_date }) => ({ field_id, start_date, end_date })) : rows();
    if (!Array.isArray(list)) return setMessage(list);
    if (!list.length) return setMessage(error('contracts.select_times'));
    const p = priceValue();
    if (p !== null && typeof p === 'object') return setMessage(p);
    const moving = moves(list);
    if (moving && !checked) return setMessage(error('contracts.check_first'));
    const keptIndexes = (checked ?? []).map((r, i) => (r.is_ok ? -1 : i)).filter((i) => i >= 0);
    // The warning under the list already says so: not a second time.
    if (keptIndexes.some((i) => !keep.includes(i))) return setMessage(null);
    if (!moving && p === undefined) return onClose(); // nothing to change means no action
    setBusy(true);
    try {
      if (adding) {
        await addEvents.mutateAsync({ params: { id: contract.ID }, body: { events: list.map((r, i) => ({ ...r, keep: keep.includes(i) })), ...(p ? { price: p } : {}) } });
      } else {
        await editEvents.mutateAsync({ params: { id: contract.ID }, body: {
          event_ids: events.map((e) => e.ID),
          ...(fieldId && moving ? { field_id: Number(fieldId) } : {}),
          ...(single && moving ? { start_date: list[0].start_date, end_date: list[0].end_date } : {}),
          ...(p !== undefined ? { price: p } : {}),
          keep_ids: keep.map((i) => list[i].ID!).filter(Boolean),
        } });
      }
      onSaved();
    } catch (e) {
      setMessage(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <KitDialog open onClose={onClose} maxWidth="sm" title={adding ? translate('contracts.events.add_title') : single ? translate('contracts.events.edit_title') : translate('contracts.events.bulk_title', { count: events.length })}>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label={adding ? translate('contracts.events.field') : translate('contracts.events.change_field')} value={fieldId}
            onChange={(e) => { setFieldId(Number(e.target.value) || ''); stale(); }} inputProps={{ 'data-testid': 'event-field' }}>
            {!adding && !single && <MenuItem value="">—</MenuItem>}
            {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          {(adding || single) && (
            <Stack direction="row" spacing={2}>
              <TextField type="datetime-local" label={translate('contracts.events.start')} InputLabelProps={{ shrink: true }} value={start}
                onChange={(e) => { setStart(e.target.value); stale(); }} inputProps={{ step: 900, 'data-testid': 'event-start' }} />
              <TextField type="datetime-local" label={translate('contracts.events.end')} InputLabelProps={{ shrink: true }} value={end}
                onChange={(e) => { setEnd(e.target.value); stale(); }} inputProps={{ step: 900, 'data-testid': 'event-end' }} />
            </Stack>
          )}
          {adding && <TextField type="number" label={translate('contracts.events.repeat_weeks')} value={weeks} onChange={(e) => { setWeeks(e.target.value); stale(); }} inputProps={{ min: 1, max: 52, 'data-testid': 'event-weeks' }} />}
          <Stack direction="row" spacing={2} alignItems="center">
            <FormControlLabel control={<Checkbox checked={custom} onChange={(e) => { setCustom(e.target.checked); if (!e.target.checked) setPrice(''); }} />}
              label={adding ? translate('contracts.events.custom') : translate('contracts.events.change_price')} />
            {custom && <TextField size="small" type="number" label={translate('contracts.events.fee')} value={price} onChange={(e) => setPrice(e.target.value)} inputProps={{ step: '0.01', 'data-testid': 'event-price' }} />}
          </Stack>
          <Button variant="outlined" onClick={() => void check()} disabled={busy}>{translate('contracts.events.check')}</Button>
          {checked && (
            <List dense data-testid="availability">
              {checked.map((r, i) => (
                // The text wraps beside its controls, never under them (a long clash overlapped Keep).
                <ListItem key={`${r.field_id}-${r.start_date}`} data-testid="availability-row" sx={{ color: r.is_ok ? 'success.main' : 'error.main', gap: 1, alignItems: 'flex-start' }}>
                  <ListItemText sx={{ flex: 1, minWidth: 0, my: 0.5 }}
                    primary={`${dateTime(r.start_date, zone)} — ${r.is_ok ? translate('contracts.events.available') : r.closed ?? translate('contracts.events.taken', { what: inTheWay(r, zone) })}`} />
                  {!r.is_ok && !r.closed && (
                    <FormControlLabel sx={{ mr: 0, flexShrink: 0 }} label={translate('contracts.events.keep')}
                      control={<Checkbox checked={keep.includes(i)} onChange={() => setKeep((k) => (k.includes(i) ? k.filter((x) => x !== i) : [...k, i]))} />} />
                  )}
                  {adding && (
                    <IconButton size="small" aria-label={translate('contracts.events.remove')} onClick={() => remove(i)} sx={{ flexShrink: 0 }}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </ListItem>
              ))}
            </List>
          )}
          {checked?.every((r) => r.is_ok) === false && <Alert severity="warning">{translate('contracts.not_available')}</Alert>}
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('contracts.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>{translate('contracts.events.apply')}</Button>
      </DialogActions>
    </KitDialog>
  );
}

/** The events in a row's way, each once (a split field's halves may name the same event twice). */
function inTheWay(row: CheckedRow, zone: string): string {
  const seen = new Map(row.events_on_spot.map((o) => [o.ID, o]));
  return [...seen.values()].map((o) => `${o.product_type} ${dateTime(o.start_date, zone)}`).join(', ');
}
