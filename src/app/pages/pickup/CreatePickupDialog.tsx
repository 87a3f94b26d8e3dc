import { useEffect, useState } from 'react';
import { Button, Checkbox, DialogActions, DialogContent, FormControlLabel, List, ListItem, MenuItem, Stack, TextField } from '@mui/material';
import { KitDialog } from '../../../kit/layout/KitDialog';
import dayjs from 'dayjs';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { session } from '../../../../dataProvider/session';
import { defaultTimeZone } from '../../../../core/time';
import { useTouchlineDataProvider, type CheckedRow } from '../../../../dataProvider';
import { dateTime, fromLocalInput } from '../../../kit/components/format';
import { failure, FormMessage, type Message } from '../../../kit/components/FormMessage';
import { useSubmitOnce } from '../../../kit/components/useSubmitOnce';
import { useFacilityChoices, useFacilityFields } from '../../../kit/layout/facilities';
import '../../../../resources/contract/messages';

// The create pickup session dialog (spec 2 §2, §4, §5): facility, field, first date and time, length,
// number of weeks, fee; 'Check for availabilities first', every event available or kept, then one call
// creates the contract, the session, its events and its invoice (Save disabled meanwhile, with an
// Idempotency-Key: a retry creates once).

export function CreatePickupDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useTouchlineDataProvider();
  const facilities = useFacilityChoices();
  const [facilityId, setFacilityId] = useState(session.selectedFacility());
  const fields = useFacilityFields(facilityId);
  const [fees, setFees] = useState<Array<{ product_id: number; text: string }>>([]);
  const [form, setForm] = useState({ field_id: 0, start: '', duration: '60', count: '12', product_id: 0 });
  const [checked, setChecked] = useState<CheckedRow[] | null>(null);
  const [keep, setKeep] = useState<number[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  // While the availability is being checked, Save waits: its answer would clear a message Save set meanwhile.
  const [checking, setChecking] = useState(false);
  const { busy, submit } = useSubmitOnce();
  const zone = defaultTimeZone(facilityId);
  useEffect(() => { void dataProvider.pickupFees(facilityId).then(setFees).catch(() => setFees([])); }, [dataProvider, facilityId]);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    // A new slot needs a new check; the fee does not.
    if (key !== 'product_id') { setChecked(null); setKeep([]); }
  };

  const first = () => {
    const start = fromLocalInput(form.start, zone);
    return { field_id: Number(form.field_id), start_date: start, end_date: start + Number(form.duration) * 60 };
  };
  const check = async () => {
    if (!form.field_id || !form.start) return setMessage({ severity: 'error', text: 'contracts.select_times' });
    setChecking(true);
    try {
      const row = first();
      const answer = await dataProvider.checkRepeatRule(row, { method: 'weekly', frequency: 1, end_method: 'count', count: Number(form.count) || 1, weekday: dayjs.unix(row.start_date).tz(zone).day() });
      setChecked(answer.events);
      setMessage(null);
    } catch (error) {
      setMessage(failure(error));
    } finally {
      setChecking(false);
    }
  };
  const save = async () => {
    if (!checked) return setMessage({ severity: 'error', text: 'contracts.check_first' });
    if (!form.product_id) return setMessage({ severity: 'error', text: 'contracts.valid_fee' });
    if (checked.some((r, i) => !r.is_ok && !keep.includes(i))) return setMessage({ severity: 'error', text: 'contracts.not_available' });
    const start = dayjs.unix(first().start_date).tz(zone);
    try {
      const created = await submit((key) => dataProvider.createPickupSession({
        facility_id: facilityId, field_id: Number(form.field_id), product_id: Number(form.product_id), day: start.day(), time: start.hour() + start.minute() / 60,
        duration: Number(form.duration), events: checked.map((r, i) => ({ field_id: r.field_id, start_date: r.start_date, end_date: r.end_date, keep: keep.includes(i) })),
      }, key));
      if (!created) return;
      onClose();
      navigate(`/pickup/${created.ID}`);
    } catch (error) {
      setMessage(failure(error));
    }
  };

  return (
    <KitDialog open onClose={onClose} maxWidth="sm" title={translate('pickup.create_title')}>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select label={translate('pickup.facility')} value={facilityId} onChange={(e) => { setFacilityId(Number(e.target.value)); setChecked(null); }}>
            {facilities.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <TextField select label={translate('pickup.field')} value={form.field_id || ''} onChange={set('field_id')} inputProps={{ 'data-testid': 'pickup-field' }}>
            {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
          </TextField>
          <TextField type="datetime-local" label={translate('pickup.first_date')} InputLabelProps={{ shrink: true }} value={form.start} onChange={set('start')} inputProps={{ step: 900, 'data-testid': 'pickup-start' }} />
          <Stack direction="row" spacing={2}>
            <TextField type="number" label={translate('pickup.duration')} value={form.duration} onChange={set('duration')} />
            <TextField type="number" label={translate('pickup.count')} value={form.count} onChange={set('count')} />
          </Stack>
          <TextField select label={translate('pickup.fee')} value={form.product_id || ''} onChange={set('product_id')} inputProps={{ 'data-testid': 'pickup-fee' }}>
            {fees.map((f) => <MenuItem key={f.product_id} value={f.product_id}>{f.text}</MenuItem>)}
          </TextField>
          <Button variant="outlined" disabled={checking} onClick={() => void check()}>{translate('pickup.check')}</Button>
          {checked && (
            <List dense>
              {checked.map((r, i) => (
                <ListItem key={i} sx={{ color: r.is_ok ? 'success.main' : 'error.main' }}
                  secondaryAction={!r.is_ok && !r.closed && <FormControlLabel control={<Checkbox checked={keep.includes(i)} onChange={() => setKeep((k) => (k.includes(i) ? k.filter((x) => x !== i) : [...k, i]))} />} label={translate('contracts.events.keep')} />}>
                  {dateTime(r.start_date, zone)} — {r.is_ok ? translate('contracts.events.available') : r.closed ?? translate('contracts.events.taken', { what: r.events_on_spot.map((o) => o.product_type).join(', ') })}
                </ListItem>
              ))}
            </List>
          )}
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pickup.cancel')}</Button>
        <Button variant="contained" disabled={checking || busy} onClick={() => void save()}>{translate('pickup.save')}</Button>
      </DialogActions>
    </KitDialog>
  );
}
