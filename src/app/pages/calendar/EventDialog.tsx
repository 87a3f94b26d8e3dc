import { useEffect, useState } from 'react';
import {
  Alert, Button, DialogActions, DialogContent, FormControlLabel, List, ListItem, ListItemButton,
  ListItemText, MenuItem, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { KitDialog } from '../../../kit/layout/KitDialog';
import type { BookingProducts } from '../../../../core/api/events';
import { BLOCKER_PRODUCT_TYPES, isPricedBooking, MATCH_PRODUCT_TYPES, type Role } from '../../../../core/constants';
import { formatMoney, toCents } from '../../../../core/money';
import { can } from '../../../../core/permissions';
import type { RepeatRule } from '../../../../core/recurrence';
import { EVENT_MESSAGES, SERIES_SCOPES, type SeriesScope } from '../../../../core/validation/event';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import type { CalendarEvent } from '../../../../dataProvider/events';
import { ParticipantWizard } from '../../../kit/components/ParticipantWizard';
import { TypedDateField } from '../../../kit/components/TypedDateField';
import { useSubmitOnce } from '../../../kit/components/useSubmitOnce';
import { RepeatSection } from './RepeatSection';
import { canSave, checked, checksRows, editRow, emptyRepeatList, markStale, rechecked, removeRow, toggleKeep, type RepeatList } from './repeatList';
import { fromInput, toInput } from './wallClock';
import './messages';
import type { CustomerName } from '../../../../core/customer';

// The add/edit event dialog (spec 2 §2). Adding: step 1 chooses the product type (those shown in the
// calendar), step 2 the details: field, start and end (15-minute steps, in the facility's zone),
// comment, teams for matches, the customer (existing or new, through the participant wizard) and the
// repeat section. Editing (an event clicked on the calendar, or Edit on the event page) opens step 2
// prefilled; Save sends PUT /event/{id}, for an event of a series with the chosen scope; Delete too.

export interface ProductTypeOption { ID: number; name: string; color: string; showInCalendar: boolean }
export interface FieldOption { ID: number; name: string; number: number }

export interface EventDialogProps {
  facilityName: string;
  zone: string;
  fields: FieldOption[];
  productTypes: ProductTypeOption[];
  /** Adding: the cell clicked. */
  initial?: { field_id: number; start_date: number; end_date: number };
  /** Editing: the event. */
  event?: CalendarEvent;
  onClose(): void;
  /** After saving; `stay` for blockers (types 13 and 19), which keep the add dialog on the calendar. */
  onSaved(stay: boolean): void;
  /** Editing: after Delete. */
  onDeleted?(): void;
}

const includes = (list: readonly number[], id: number | null) => id !== null && list.includes(id);
const weekdayOf = (seconds: number, zone: string) => new Date(`${toInput(seconds, zone)}:00Z`).getUTCDay();

export function EventDialog({ facilityName, zone, fields, productTypes, initial, event, onClose, onSaved, onDeleted }: EventDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useTouchlineDataProvider();
  const { permissions: role } = usePermissions<Role>();
  const slot = event ?? initial!;
  const [step, setStep] = useState(event ? 2 : 1);
  const [typeId, setTypeId] = useState<number | null>(event?.product_type_id ?? null);
  const [fieldId, setFieldId] = useState(slot.field_id);
  const [start, setStart] = useState(slot.start_date);
  const [end, setEnd] = useState(slot.end_date);
  const [comment, setComment] = useState(event?.comment ?? '');
  const [teams, setTeams] = useState({ team_a: event?.team_a ?? '', team_b: event?.team_b ?? '' });
  const [customer, setCustomer] = useState<CustomerName | null>(event?.customer && event.customer_id ? { ID: event.customer_id, ...event.customer } : null);
  const [wizard, setWizard] = useState(false);
  const [repeat, setRepeat] = useState(false);
  const [rule, setRule] = useState<RepeatRule>({ method: 'weekly', frequency: 1, end_method: 'count', count: 4, weekday: weekdayOf(slot.start_date, zone) });
  const [list, setList] = useState<RepeatList>(emptyRepeatList);
  const [scope, setScope] = useState<SeriesScope>('this');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { busy: saving, submit } = useSubmitOnce();
  const [products, setProducts] = useState<BookingProducts | null>(null);
  const [picked, setPicked] = useState<number | ''>('');
  const [invoiceIt, setInvoiceIt] = useState(true);

  // A new booking of a priced type: the product it will take, priced for its time, or what to pick.
  useEffect(() => {
    setProducts(null);
    if (event || step !== 2 || typeId === null || !isPricedBooking(typeId) || !fieldId || end <= start) return undefined;
    let live = true;
    dataProvider.getBookingProduct({ product_type_id: typeId, field_id: fieldId, start, end })
      .then((answer) => { if (live) setProducts(answer); }, () => undefined);
    return () => { live = false; };
  }, [dataProvider, event, step, typeId, fieldId, start, end]);
  const choices = products?.priced && !products.product ? products.choices : [];
  const pickedProduct = choices.some((c) => c.new_product_id === picked) ? (picked as number) : null;
  // A new single booking with a customer and a product to bill may be invoiced as it is saved (issue 41 m28).
  const invoiceable = !event && !repeat && Boolean(customer) && (Boolean(products?.product) || pickedProduct !== null) && can(role, 'invoices', 'create');

  // A refusal about the slot (closed field, end before start) goes once the field or the times change.
  useEffect(() => setError(null), [fieldId, start, end]);

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

  /** 'Check availability': the rows as edited when the list is fresh, else the rows the settings give. */
  const check = async () => {
    setError(null);
    if (!fieldId || !start || !end) return setError(EVENT_MESSAGES.missingFields);
    if (end <= start) return setError(EVENT_MESSAGES.endBeforeStart);
    try {
      if (checksRows(list)) setList(rechecked(list, (await dataProvider.checkRepeat(list.rows)).events));
      else setList(checked((await dataProvider.checkRepeatRule({ field_id: fieldId, start_date: start, end_date: end }, rule)).events));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setError(null);
    if (end <= start) return setError(EVENT_MESSAGES.endBeforeStart);
    // A new booking names its customer; an edit keeps what the event has (a class session has none).
    if (!event && !blocker && !customer && !match) return setError(translate('calendar.dialog.customer_required'));
    if (repeat && !canSave(list)) return setError(EVENT_MESSAGES.repeatNotReady);
    const common = {
      product_type_id: typeId!, comment, customer_id: blocker ? null : customer?.ID ?? null,
      ...(!event && pickedProduct !== null && { new_product_id: pickedProduct }),
      ...(match && { team_a: teams.team_a || null, team_b: teams.team_b || null }),
    };
    await run(async () => {
      // A create goes once, with the dialog's Idempotency-Key (a second click waits, a retry creates once).
      const saved = await submit(async (key) => {
        if (event) {
          await dataProvider.updateEvent(event.ID, { ...common, field_id: fieldId, start_date: start, end_date: end }, scope);
          notify('event_page.saved', { type: 'success' });
        } else if (repeat) {
          await dataProvider.createSeries(common, list.rows.map(({ field_id, start_date, end_date, keep }) => ({ field_id, start_date, end_date, keep })), key);
          notify('calendar.dialog.series_saved', { type: 'success', messageArgs: { smart_count: list.rows.length } });
        } else {
          const created = await dataProvider.createEvent({ ...common, field_id: fieldId, start_date: start, end_date: end, ...(invoiceable && invoiceIt && { invoice: true }) }, key);
          if (created.invoice_id) notify('calendar.dialog.saved_invoiced', { type: 'success', messageArgs: { id: created.invoice_id } });
          else notify('calendar.dialog.saved', { type: 'success' });
        }
        return true;
      });
      if (!saved) return;
      const stay = !event && blocker;
      onSaved(stay);
      if (stay) setStep(1);
    });
  };

  const remove = () => run(async () => {
    setConfirmDelete(false);
    await dataProvider.deleteEvent(event!.ID, scope);
    notify('event_page.deleted', { type: 'success' });
    onDeleted?.();
  });

  const field = fields.find((f) => f.ID === fieldId);
  return (
    <KitDialog open onClose={onClose} maxWidth="md"
      title={`${event ? `${translate('calendar.dialog.edit')} #${event.ID}` : translate('calendar.dialog.add')} — ${translate(step === 1 ? 'calendar.dialog.product_type' : 'calendar.dialog.details')}`}>
      <DialogContent>
        {step === 1 ? (
          <List aria-label={translate('calendar.dialog.product_type')}>
            {productTypes.filter((t) => t.showInCalendar).map((t) => (
              <ListItem key={t.ID} disablePadding>
                <ListItemButton selected={t.ID === typeId} onClick={() => { setTypeId(t.ID); setStep(2); }} sx={{ borderLeft: `6px solid ${t.color}` }}>
                  <ListItemText primary={t.name} />
                </ListItemButton>
              </ListItem>
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
              <TypedDateField type="datetime-local" label={translate('calendar.start')} value={toInput(start, zone)} fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }} onValue={moveStart} />
              <TypedDateField type="datetime-local" label={translate('calendar.end')} value={toInput(end, zone)} fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }}
                onValue={(value) => { const v = fromInput(value, zone); if (!Number.isNaN(v)) { setEnd(v); setList(markStale); } }} />
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
            {products?.product && (
              <Typography data-testid="booking-product">
                {translate('calendar.dialog.product', { name: products.product.name, price: formatMoney(toCents(products.product.price)) })}
              </Typography>
            )}
            {products?.priced && !products.product && <Alert severity="warning">{translate('calendar.dialog.no_product')}</Alert>}
            {choices.length > 0 && (
              <>
                <TextField select label={translate('calendar.dialog.pick_product')} value={pickedProduct ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
                  {choices.map((c) => <MenuItem key={c.new_product_id} value={c.new_product_id}>{c.name} — ${formatMoney(toCents(c.price))}</MenuItem>)}
                </TextField>
              </>
            )}
            {invoiceable && (
              <FormControlLabel control={<Switch checked={invoiceIt} onChange={(e) => setInvoiceIt(e.target.checked)} />} label={translate('calendar.dialog.invoice_on_save')} />
            )}
            {event?.block_token && (
              <TextField select label={translate('calendar.scope_title')} value={scope} onChange={(e) => setScope(e.target.value as SeriesScope)}>
                {SERIES_SCOPES.map((s) => <MenuItem key={s} value={s}>{translate(`calendar.scope_${s}`)}</MenuItem>)}
              </TextField>
            )}
            {!event && (
              <FormControlLabel control={<Switch checked={repeat} onChange={(e) => { setRepeat(e.target.checked); setList(markStale); }} />} label={translate('calendar.dialog.repeat')} />
            )}
            {repeat && (
              <RepeatSection rule={rule} zone={zone} list={list} fields={fields} onRule={changeRule} onCheck={check}
                onKeep={(i) => setList((l) => toggleKeep(l, i))}
                onEditRow={(i, change) => setList((l) => editRow(l, i, change))}
                onRemoveRow={(i) => setList((l) => removeRow(l, i))} />
            )}
            {field === undefined && <Alert severity="warning">{EVENT_MESSAGES.missingFields}</Alert>}
          </Stack>
        )}
        {error && <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert>}
        {confirmDelete && (
          <Alert severity="warning" sx={{ mt: 2 }} action={<Button color="error" onClick={remove} disabled={busy}>{translate('ra.action.confirm')}</Button>}>
            {translate('event_page.delete_confirm')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {event && <Button href={`/calendar/event/${event.ID}`} target="_blank" rel="noopener" sx={{ mr: 'auto' }}>{translate('event_page.event_page')}</Button>}
        {event && can(role, 'events', 'delete') && <Button color="error" onClick={() => setConfirmDelete(true)}>{translate('calendar.dialog.delete')}</Button>}
        {step === 2 && <Button onClick={() => setStep(1)}>{translate(event ? 'calendar.dialog.product_type' : 'calendar.dialog.back')}</Button>}
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {step === 2 && <Button variant="contained" onClick={save} disabled={busy || saving}>{translate('calendar.dialog.save')}</Button>}
      </DialogActions>
      {wizard && (
        <ParticipantWizard open title="calendar.dialog.customer" onClose={() => setWizard(false)}
          onDone={(result) => { setCustomer(result.customer); setWizard(false); }} />
      )}
    </KitDialog>
  );
}
