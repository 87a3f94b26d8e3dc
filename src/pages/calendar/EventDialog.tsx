import { useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, List, ListItemButton,
  ListItemText, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableRow, TextField, Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { BLOCKER_PRODUCT_TYPES, MATCH_PRODUCT_TYPES } from '../../../core/constants';
import type { RepeatRule } from '../../../core/recurrence';
import { EVENT_MESSAGES } from '../../../core/validation/event';
import { useTouchlineDataProvider } from '../../../dataProvider';
import { ParticipantWizard, type ParticipantResult } from '../../components/ParticipantWizard';
import { canSave, checked, emptyRepeatList, markStale, toggleKeep, type RepeatList } from './repeatList';
import { fromInput, toInput } from './wallClock';

// The add-event dialog (spec 2 §2): step 1 chooses the product type (those shown in the calendar),
// step 2 the details: field, start and end (15-minute steps, in the facility's zone), comment, teams
// for matches, the customer (existing or new, through the participant wizard) and the repeat section.

export interface ProductTypeOption { ID: number; name: string; color: string; showInCalendar: boolean }
export interface FieldOption { ID: number; name: string; number: number }

export interface EventDialogProps {
  facilityName: string;
  zone: string;
  fields: FieldOption[];
  productTypes: ProductTypeOption[];
  initial: { field_id: number; start_date: number; end_date: number };
  onClose(): void;
  /** After saving; `stay` for blockers (types 13 and 19), which keep the dialog on the calendar. */
  onSaved(stay: boolean): void;
}

const includes = (list: readonly number[], id: number | null) => id !== null && list.includes(id);
const weekdayOf = (seconds: number, zone: string) => new Date(`${toInput(seconds, zone)}:00Z`).getUTCDay();

export function EventDialog({ facilityName, zone, fields, productTypes, initial, onClose, onSaved }: EventDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const [step, setStep] = useState(1);
  const [typeId, setTypeId] = useState<number | null>(null);
  const [fieldId, setFieldId] = useState(initial.field_id);
  const [start, setStart] = useState(initial.start_date);
  const [end, setEnd] = useState(initial.end_date);
  const [comment, setComment] = useState('');
  const [teams, setTeams] = useState({ team_a: '', team_b: '' });
  const [customer, setCustomer] = useState<ParticipantResult['customer'] | null>(null);
  const [wizard, setWizard] = useState(false);
  const [repeat, setRepeat] = useState(false);
  const [rule, setRule] = useState<RepeatRule>({ method: 'weekly', frequency: 1, end_method: 'count', count: 4, weekday: weekdayOf(initial.start_date, zone) });
  const [list, setList] = useState<RepeatList>(emptyRepeatList);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const blocker = includes(BLOCKER_PRODUCT_TYPES, typeId);
  const match = includes(MATCH_PRODUCT_TYPES, typeId);
  const changeRule = (change: Partial<RepeatRule>) => {
    setRule((r) => ({ ...r, ...change }));
    setList(markStale);
  };

  /** Moving the start shifts the end by the same duration and sets the repeat weekday. */
  const moveStart = (value: string) => {
    const next = fromInput(value, zone);
    if (Number.isNaN(next)) return;
    setEnd((e) => e + (next - start));
    setStart(next);
    setRule((r) => ({ ...r, weekday: weekdayOf(next, zone) }));
    setList(markStale);
  };

  const check = async () => {
    setError(null);
    if (!fieldId || !start || !end) return setError(EVENT_MESSAGES.missingFields);
    if (end <= start) return setError(EVENT_MESSAGES.endBeforeStart);
    try {
      const answer = await dataProvider.checkRepeatRule({ field_id: fieldId, start_date: start, end_date: end }, rule);
      setList(checked(answer.events));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const save = async () => {
    setError(null);
    if (end <= start) return setError(EVENT_MESSAGES.endBeforeStart);
    if (!blocker && !customer && !match) return setError(translate('calendar.dialog.customer_required'));
    if (repeat && !canSave(list)) return setError(EVENT_MESSAGES.repeatNotReady);
    const common = {
      product_type_id: typeId!, comment, customer_id: customer?.ID ?? null,
      ...(match && { team_a: teams.team_a || null, team_b: teams.team_b || null }),
    };
    setBusy(true);
    try {
      if (repeat) {
        await dataProvider.createSeries(common, list.rows.map(({ field_id, start_date, end_date, keep }) => ({ field_id, start_date, end_date, keep })));
        notify('calendar.dialog.series_saved', { type: 'success', messageArgs: { smart_count: list.rows.length } });
      } else {
        await dataProvider.createEvent({ ...common, field_id: fieldId, start_date: start, end_date: end });
        notify('calendar.dialog.saved', { type: 'success' });
      }
      onSaved(blocker);
      if (blocker) setStep(1);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const field = fields.find((f) => f.ID === fieldId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="event-dialog-title">
      <DialogTitle id="event-dialog-title">
        {translate('calendar.dialog.add')} — {translate(step === 1 ? 'calendar.dialog.product_type' : 'calendar.dialog.details')}
      </DialogTitle>
      <DialogContent>
        {step === 1 ? (
          <List aria-label={translate('calendar.dialog.product_type')}>
            {productTypes.filter((t) => t.showInCalendar).map((t) => (
              <ListItemButton key={t.ID} onClick={() => { setTypeId(t.ID); setStep(2); }} sx={{ borderLeft: `6px solid ${t.color}` }}>
                <ListItemText primary={t.name} />
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="subtitle2">{productTypes.find((t) => t.ID === typeId)?.name}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label={translate('calendar.dialog.facility')} value={facilityName} disabled fullWidth />
              <TextField select label={translate('calendar.field')} value={fieldId} fullWidth
                onChange={(e) => { setFieldId(Number(e.target.value)); setList(markStale); }}>
                {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
              </TextField>
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField type="datetime-local" label={translate('calendar.start')} value={toInput(start, zone)} fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }} onChange={(e) => moveStart(e.target.value)} />
              <TextField type="datetime-local" label={translate('calendar.end')} value={toInput(end, zone)} fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                onChange={(e) => { const v = fromInput(e.target.value, zone); if (!Number.isNaN(v)) { setEnd(v); setList(markStale); } }} />
            </Stack>
            <TextField label={translate('calendar.dialog.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline />
            {match && (
              <Stack direction="row" spacing={2}>
                <TextField label={translate('calendar.dialog.team_a')} value={teams.team_a} onChange={(e) => setTeams({ ...teams, team_a: e.target.value })} fullWidth />
                <TextField label={translate('calendar.dialog.team_b')} value={teams.team_b} onChange={(e) => setTeams({ ...teams, team_b: e.target.value })} fullWidth />
              </Stack>
            )}
            {!blocker && (
              <Stack direction="row" spacing={2} alignItems="center">
                <Typography>{translate('calendar.dialog.customer')}: {customer ? `${customer.first_name} ${customer.last_name}` : translate('calendar.dialog.no_customer')}</Typography>
                <Button onClick={() => setWizard(true)}>{translate('calendar.dialog.choose_customer')}</Button>
              </Stack>
            )}
            <FormControlLabel control={<Switch checked={repeat} onChange={(e) => { setRepeat(e.target.checked); setList(markStale); }} />} label={translate('calendar.dialog.repeat')} />
            {repeat && (
              <RepeatSection rule={rule} zone={zone} list={list} fieldName={(id) => fields.find((f) => f.ID === id)?.name ?? String(id)}
                onRule={changeRule} onCheck={check} onKeep={(i) => setList((l) => toggleKeep(l, i))} />
            )}
            {field === undefined && <Alert severity="warning">{EVENT_MESSAGES.missingFields}</Alert>}
          </Stack>
        )}
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
      </DialogContent>
      <DialogActions>
        {step === 2 && <Button onClick={() => setStep(1)}>{translate('calendar.dialog.back')}</Button>}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {step === 2 && <Button variant="contained" onClick={save} disabled={busy}>{translate('calendar.dialog.save')}</Button>}
      </DialogActions>
      {wizard && (
        <ParticipantWizard open title="calendar.dialog.customer" onClose={() => setWizard(false)}
          onDone={(result) => { setCustomer(result.customer); setWizard(false); }} />
      )}
    </Dialog>
  );
}

interface RepeatSectionProps {
  rule: RepeatRule;
  zone: string;
  list: RepeatList;
  fieldName(id: number): string;
  onRule(change: Partial<RepeatRule>): void;
  onCheck(): void;
  onKeep(index: number): void;
}

/** Daily or weekly, until a date or a count; the checked rows with Keep on the conflicted ones. */
function RepeatSection({ rule, zone, list, fieldName, onRule, onCheck, onKeep }: RepeatSectionProps) {
  const translate = useTranslate();
  const num = (value: string) => Math.max(1, Math.floor(Number(value) || 1));
  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label={translate('calendar.dialog.method')} value={rule.method} onChange={(e) => onRule({ method: e.target.value as RepeatRule['method'] })} sx={{ minWidth: 120 }}>
          <MenuItem value="daily">{translate('calendar.dialog.daily')}</MenuItem>
          <MenuItem value="weekly">{translate('calendar.dialog.weekly')}</MenuItem>
        </TextField>
        <TextField type="number" label={translate('calendar.dialog.frequency')} value={rule.frequency} onChange={(e) => onRule({ frequency: num(e.target.value) })} sx={{ width: 90 }} />
        {rule.method === 'weekly' && (
          <TextField select label={translate('calendar.dialog.weekday')} value={rule.weekday ?? 0} onChange={(e) => onRule({ weekday: Number(e.target.value) })} sx={{ minWidth: 140 }}>
            {[0, 1, 2, 3, 4, 5, 6].map((d) => <MenuItem key={d} value={d}>{translate(`calendar.weekdays.${d}`)}</MenuItem>)}
          </TextField>
        )}
        <TextField select label={translate('calendar.dialog.end_method')} value={rule.end_method} onChange={(e) => onRule({ end_method: e.target.value as RepeatRule['end_method'] })} sx={{ minWidth: 180 }}>
          <MenuItem value="count">{translate('calendar.dialog.count')}</MenuItem>
          <MenuItem value="until">{translate('calendar.dialog.until')}</MenuItem>
        </TextField>
        {rule.end_method === 'count' ? (
          <TextField type="number" label={translate('calendar.dialog.times')} value={rule.count ?? 1} onChange={(e) => onRule({ count: num(e.target.value) })} sx={{ width: 90 }} />
        ) : (
          <TextField type="date" label={translate('calendar.dialog.until_date')} slotProps={{ inputLabel: { shrink: true } }}
            value={rule.until ? toInput(rule.until, zone).slice(0, 10) : ''}
            onChange={(e) => onRule({ until: e.target.value ? fromInput(`${e.target.value}T12:00`, zone) : undefined })} />
        )}
      </Stack>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={onCheck}>{translate('calendar.dialog.check')}</Button>
        {list.stale && <Typography color="warning.main" variant="body2">{translate('calendar.dialog.stale')}</Typography>}
      </Stack>
      {list.rows.length > 0 && (
        <Table size="small" aria-label={translate('calendar.dialog.repeat')} sx={{ mt: 1, opacity: list.stale ? 0.5 : 1 }}>
          <TableBody>
            {list.rows.map((row, i) => (
              <TableRow key={`${row.start_date}-${i}`} data-testid="repeat-row" sx={{ bgcolor: row.is_ok ? undefined : 'rgba(229,57,53,0.12)' }}>
                <TableCell>{toInput(row.start_date, zone).replace('T', ' ')}–{toInput(row.end_date, zone).slice(11)}</TableCell>
                <TableCell>{fieldName(row.field_id)}</TableCell>
                <TableCell>
                  {row.to_check ? translate('calendar.dialog.to_check') : row.is_ok ? translate('calendar.dialog.available')
                    : translate('calendar.dialog.taken', { what: row.events_on_spot.map((e) => `${e.product_type} #${e.ID}`).join(', ') })}
                </TableCell>
                <TableCell>
                  {!row.is_ok && (
                    <FormControlLabel control={<Checkbox checked={row.keep} onChange={() => onKeep(i)} />} label={translate('calendar.dialog.keep')} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
