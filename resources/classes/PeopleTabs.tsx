import { useState } from 'react';
import {
  Box, Chip, IconButton, InputAdornment, Link, List, ListItem, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CheckroomIcon from '@mui/icons-material/Checkroom';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EventIcon from '@mui/icons-material/Event';
import PersonIcon from '@mui/icons-material/Person';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { UNIFORM_SIZES } from '../../core/constants';
import { isWholeCents } from '../../core/money';
import { formatDate, formatDateTime, nowSeconds } from '../../core/time';
import { CLASS_MESSAGES, PRORATE_WARNING_CENTS, registrationDeletable, shownAge, trialDeletable } from '../../core/validation/classes';
import { useTouchlineDataProvider, type Attendee, type ClassDetail, type ClassPerson, type TrialRow, type UniformSize, type WaitlistRow } from '../../dataProvider';
import { ParticipantWizard, type ParticipantResult } from '../../src/components/ParticipantWizard';
import { FormDialog } from '../../src/components/FormDialog';
import { failure, type Message } from '../../src/components/FormMessage';
import { useSubmitOnce } from '../../src/components/useSubmitOnce';
import { useDialogs } from '../../src/layout/dialogs';
import { money } from '../../src/components/programFormat';
import { usePaged } from './shared';
import './messages';

// The people of a class (spec 3 §2.16, §4, §5): the Participants tab (with each event's free trials)
// and the Waitlist tab with its promotions, and their dialogs — Add Participant (the participant
// wizard, then the price with '+ fees'), Change class, Change uniform size, Change trial date and
// Convert free trial to attendee. Deleting a registration is offered only with no invoice or nothing
// paid; deleting a trial only for trials of the last 3 weeks or later.

const fullName = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}` : '');
const contact = (p: ClassPerson | null) => [p?.email?.split('#')[0], p?.phone].filter(Boolean).join(' · ');

function Birth({ birthdate }: { birthdate: number | null }) {
  const translate = useTranslate();
  if (birthdate === null) return null;
  const age = shownAge(birthdate, nowSeconds());
  return <>{formatDate(birthdate, 'UTC')}{age !== null ? ` (${translate('classes.page.age', { age })})` : ''}</>;
}

const Tick = ({ on, label }: { on: boolean; label: string }) => (on
  ? <CheckIcon fontSize="small" color="success" titleAccess={`${label}: yes`} />
  : <CloseIcon fontSize="small" color="error" titleAccess={`${label}: no`} />);

export function ParticipantsTab({ cls, reload }: { cls: ClassDetail; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const [dialog, setDialog] = useState<{ kind: 'move' | 'uniform'; attendee: Attendee } | { kind: 'trial_date' | 'convert'; trial: TrialRow } | null>(null);
  const { shown, pager } = usePaged(cls.attendees);
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.page.${key}`, args);
  const remove = async (a: Attendee) => {
    if (!(await dialogs.confirmDelete({ message: t('delete_participant_confirm', { name: fullName(a.customer) }) }))) return;
    if (await dialogs.run(() => dataProvider.unregister(a.ID))) reload();
  };
  const removeTrial = async (trial: TrialRow) => {
    if (!(await dialogs.confirmDelete({ message: t('delete_trial_confirm', { name: fullName(trial.customer) }) }))) return;
    if (await dialogs.run(() => dataProvider.deleteTrial(trial.ID))) reload();
  };
  const columns = ['parent', 'first_name', 'last_name', 'uniform', 'contact', 'balance', 'membership', 'dob', 'actions'] as const;
  const zone = cls.facility.time_zone;
  const now = nowSeconds();
  return (
    <Box className="class-participants" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('tabs.participants')}>
        <TableHead><TableRow>{columns.map((c) => <TableCell key={c}>{t(`participant_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {cls.attendees.length === 0 && <TableRow><TableCell colSpan={columns.length}>{t('no_rows')}</TableCell></TableRow>}
          {shown.map((a) => (
            <TableRow key={a.ID} data-testid="participant-row">
              <TableCell>{a.parent && <Link component={RouterLink} to={`/customer/${a.parent.ID}`}>{fullName(a.parent)}</Link>}</TableCell>
              <TableCell>{a.customer.first_name}</TableCell>
              <TableCell>{a.customer.last_name}</TableCell>
              <TableCell>{a.uniform_size ?? ''}</TableCell>
              <TableCell>{contact(a.parent ?? a.customer)}</TableCell>
              <TableCell>{a.invoice && <Chip size="small" color={a.invoice.balance > 0 ? 'warning' : 'success'} label={money(a.invoice.balance)} />}</TableCell>
              <TableCell><Tick on={a.has_active_membership} label={t('participant_columns.membership')} /></TableCell>
              <TableCell><Birth birthdate={a.customer.birthdate} /></TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {registrationDeletable(a.invoice) && <Tooltip title={t('delete_participant')}><IconButton size="small" aria-label={t('delete_participant')} onClick={() => remove(a)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>}
                {a.invoice && <Tooltip title={t('open_invoice')}><IconButton size="small" aria-label={t('open_invoice')} component={RouterLink} to={`/invoice/${a.invoice.ID}`}><ReceiptIcon fontSize="small" /></IconButton></Tooltip>}
                <Tooltip title={t('open_customer')}><IconButton size="small" aria-label={t('open_customer')} component={RouterLink} to={`/customer/${a.customer_id}`}><PersonIcon fontSize="small" /></IconButton></Tooltip>
                <Tooltip title={t('move')}><IconButton size="small" aria-label={t('move')} onClick={() => setDialog({ kind: 'move', attendee: a })}><SwapHorizIcon fontSize="small" /></IconButton></Tooltip>
                <Tooltip title={t('uniform')}><IconButton size="small" aria-label={t('uniform')} onClick={() => setDialog({ kind: 'uniform', attendee: a })}><CheckroomIcon fontSize="small" /></IconButton></Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pager}
      {cls.events.filter((e) => e.assistents.length > 0).map((event) => (
        <Box key={event.ID} sx={{ mt: 3 }}>
          <Typography variant="subtitle2">{t('trials', { date: formatDateTime(event.start_date, zone) })}</Typography>
          <Table size="small" aria-label={t('trials', { date: formatDateTime(event.start_date, zone) })}>
            <TableHead><TableRow>{(['parent', 'first_name', 'dob', 'uniform', 'contact', 'balance', 'actions'] as const).map((c) => <TableCell key={c}>{t(`participant_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
            <TableBody>
              {event.assistents.map((trial) => (
                <TableRow key={trial.ID} data-testid="trial-row">
                  <TableCell>{trial.parent && <Link component={RouterLink} to={`/customer/${trial.parent.ID}`}>{fullName(trial.parent)}</Link>}</TableCell>
                  <TableCell>{fullName(trial.customer)}</TableCell>
                  <TableCell><Birth birthdate={trial.customer.birthdate} /></TableCell>
                  <TableCell>{trial.uniform_size ?? ''}</TableCell>
                  <TableCell>{contact(trial.parent ?? trial.customer)}</TableCell>
                  <TableCell><Chip size="small" label={t('free_spot')} /></TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {trialDeletable(event.start_date, now) && <Tooltip title={t('delete_trial')}><IconButton size="small" aria-label={t('delete_trial')} onClick={() => removeTrial(trial)}><DeleteIcon fontSize="small" /></IconButton></Tooltip>}
                    <Tooltip title={t('trial_date')}><IconButton size="small" aria-label={t('trial_date')} onClick={() => setDialog({ kind: 'trial_date', trial })}><EventIcon fontSize="small" /></IconButton></Tooltip>
                    <Tooltip title={t('convert_trial')}><IconButton size="small" aria-label={t('convert_trial')} onClick={() => setDialog({ kind: 'convert', trial })}><HowToRegIcon fontSize="small" /></IconButton></Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
      {dialog?.kind === 'uniform' && <UniformDialog attendee={dialog.attendee} onClose={() => setDialog(null)} onSaved={reload} />}
      {dialog?.kind === 'move' && <MoveDialog cls={cls} attendee={dialog.attendee} onClose={() => setDialog(null)} onSaved={reload} />}
      {dialog?.kind === 'trial_date' && <TrialDateDialog cls={cls} trial={dialog.trial} onClose={() => setDialog(null)} onSaved={reload} />}
      {dialog?.kind === 'convert' && (
        <PriceDialog cls={cls} title="classes.dialogs.convert" onClose={() => setDialog(null)} onSaved={reload}
          participant={{ customer_id: dialog.trial.customer_id, parent_id: dialog.trial.parent?.ID ?? null, name: fullName(dialog.trial.customer) }} />
      )}
    </Box>
  );
}

export function WaitlistTab({ cls, reload }: { cls: ClassDetail; reload(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { shown, pager } = usePaged(cls.waitlists);
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.page.${key}`, args);
  const zone = cls.facility.time_zone;
  const act = async (row: WaitlistRow, kind: 'convert' | 'delete') => {
    const name = fullName(row.customer);
    const ok = kind === 'convert' ? await dialogs.confirm({ message: t('convert_waitlist_confirm', { name }) }) : await dialogs.confirmDelete({ message: t('delete_waitlist_confirm', { name }) });
    if (!ok) return;
    if (await dialogs.run(async () => { await (kind === 'convert' ? dataProvider.convertWaitlist(row.ID) : dataProvider.deleteWaitlist(row.ID)); return true; })) reload();
  };
  return (
    <Box>
      <Table size="small" aria-label={t('tabs.waitlist')}>
        <TableHead><TableRow>{(['joined', 'name', 'uniform', 'contact', 'membership', 'actions'] as const).map((c) => <TableCell key={c}>{t(`waitlist_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
        <TableBody>
          {cls.waitlists.length === 0 && <TableRow><TableCell colSpan={6}>{t('no_rows')}</TableCell></TableRow>}
          {shown.map((w) => (
            <TableRow key={w.ID} data-testid="waitlist-row">
              <TableCell>{formatDate(w.CreatedAt, zone)}</TableCell>
              <TableCell>{fullName(w.customer)}</TableCell>
              <TableCell>{w.uniform_size ?? ''}</TableCell>
              <TableCell>{contact(w.parent ?? w.customer)}</TableCell>
              <TableCell><Tick on={w.has_active_membership} label={t('waitlist_columns.membership')} /></TableCell>
              <TableCell>
                {registrationDeletable(w.invoice) && <Tooltip title={t('delete_participant')}><IconButton size="small" aria-label={t('delete_participant')} onClick={() => act(w, 'delete')}><DeleteIcon fontSize="small" /></IconButton></Tooltip>}
                <Tooltip title={t('convert_waitlist')}><IconButton size="small" aria-label={t('convert_waitlist')} onClick={() => act(w, 'convert')}><HowToRegIcon fontSize="small" /></IconButton></Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {pager}
      <Typography variant="subtitle2" sx={{ mt: 3 }}>{t('history')}</Typography>
      <List dense data-testid="promotions">
        {cls.promotions.length === 0 && <ListItem>{t('no_rows')}</ListItem>}
        {cls.promotions.map((p) => <ListItem key={`${p.attendee_id}-${p.at}`}>{t('promoted', { name: p.name, date: formatDateTime(p.at, zone), invoice: p.invoice_id })}</ListItem>)}
      </List>
    </Box>
  );
}

function UniformDialog({ attendee, onClose, onSaved }: { attendee: Attendee; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const [size, setSize] = useState<UniformSize | ''>(attendee.uniform_size ?? '');
  const save = async () => {
    if (!(await dialogs.run(() => dataProvider.updateAttendee(attendee.ID, size || null)))) return;
    onSaved();
    onClose();
  };
  return (
    <FormDialog title={translate('classes.dialogs.uniform')} onClose={onClose} onSubmit={save}>
      <TextField select label={translate('classes.dialogs.size')} value={size} onChange={(e) => setSize(e.target.value as UniformSize)}>
        {UNIFORM_SIZES.map((s) => <MenuItem key={s} value={s}>{s}</MenuItem>)}
      </TextField>
    </FormDialog>
  );
}

interface Participant { customer_id: number; parent_id: number | null; name: string }

/** The price step of Add Participant and Convert free trial: above 0, '+ fees', disabled when not prorated. */
function PriceDialog({ cls, participant, title, onClose, onSaved }: { cls: ClassDetail; participant: Participant; title: string; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { busy, submit } = useSubmitOnce();
  const [price, setPrice] = useState(String(cls.price.price || ''));
  const [message, setMessage] = useState<Message | null>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const save = async () => {
    const amount = Number(price);
    if (!price.trim() || !Number.isFinite(amount) || amount <= 0 || !isWholeCents(amount)) return setMessage(failure(CLASS_MESSAGES.validPrice));
    const body = { parent_id: participant.parent_id, price: amount, attendee: { class_id: cls.ID, customer_id: participant.customer_id } };
    let full = false;
    const answer = await submit((key) => dialogs.run(() => dataProvider.registerChild(body, key), {
      onError: (e) => { if ((e as { status?: number }).status === 409 && String((e as Error).message).includes(CLASS_MESSAGES.full)) full = true; else setMessage(failure(e)); },
    }));
    let done = answer;
    if (!answer && full) {
      if (!(await dialogs.confirm({ message: t('waitlist_offer') }))) return;
      done = await submit((key) => dialogs.run(() => dataProvider.registerChild({ ...body, waitlist: true }, key), { onError: (e) => setMessage(failure(e)) }));
    }
    if (!done) return;
    dialogs.notifySuccess(t(done.waitlisted ? 'waitlisted' : 'registered', { name: participant.name }), { short: true });
    onSaved();
    onClose();
  };
  return (
    <FormDialog title={translate(title)} onClose={onClose} onSubmit={save} submitDisabled={busy} message={message}>
      <Typography>{t('participant_chosen', { name: participant.name })}</Typography>
      <TextField label={t('price')} type="number" inputProps={{ min: 0, step: 0.01 }} value={price} disabled={cls.price.fixed && cls.price.price > 0}
        onChange={(e) => setPrice(e.target.value)}
        InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment>, endAdornment: <InputAdornment position="end">{t('plus_fees')}</InputAdornment> }} />
    </FormDialog>
  );
}

/** Add Participant (spec 3 §5): the customer section (existing or new adult or child), then the price. */
export function AddParticipantDialog({ cls, onClose, onSaved }: { cls: ClassDetail; onClose(): void; onSaved(): void }) {
  const [chosen, setChosen] = useState<ParticipantResult | null>(null);
  if (!chosen) return <ParticipantWizard open title="classes.dialogs.participant" onClose={onClose} onDone={setChosen} />;
  return (
    <PriceDialog cls={cls} title="classes.dialogs.participant" onClose={onClose} onSaved={onSaved}
      participant={{ customer_id: chosen.customer.ID, parent_id: chosen.parent?.ID ?? null, name: fullName(chosen.customer) }} />
  );
}

/** Change class (spec 3 §5): season then division (or a class of its own), with the full and price warnings. */
function MoveDialog({ cls, attendee, onClose, onSaved }: { cls: ClassDetail; attendee: Attendee; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { data: active = [] } = useQuery({ queryKey: ['activeClasses', cls.facility_id], queryFn: () => dataProvider.activeClasses({ facility_id: cls.facility_id }) });
  const [seasonId, setSeasonId] = useState<number | ''>(cls.class_parent?.ID ?? '');
  const [targetId, setTargetId] = useState<number | ''>('');
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const season = active.find((c) => c.ID === seasonId);
  const targets = season ? (season.is_container ? season.divisions : [season]) : [];
  const target = targets.find((c) => c.ID === targetId);
  const save = async () => {
    if (!target) return;
    const warnings = [
      ...(target.max_kids - target.attendees <= 0 ? [t('full_warning')] : []),
      ...(Math.round((target.price - cls.price.price) * 100) > PRORATE_WARNING_CENTS ? [t('price_warning', { amount: money(target.price - cls.price.price) })] : []),
    ];
    if (!(await dialogs.confirm({ message: [t('move_confirm', { name: fullName(attendee.customer), target: target.name }), ...warnings].join(' ') }))) return;
    if (!(await dialogs.run(() => dataProvider.moveRegistration(attendee.ID, cls.ID, target.ID)))) return;
    onSaved();
    onClose();
  };
  return (
    <FormDialog title={t('move')} onClose={onClose} onSubmit={save} submitDisabled={!target}>
      {/* A move stays within the class's facility (docs/DECISIONS.md "Classes and camps"). */}
      <TextField label={translate('classes.form.facility')} value={cls.facility.name} slotProps={{ input: { readOnly: true } }} />
      <TextField select label={t('season')} value={seasonId} onChange={(e) => { setSeasonId(Number(e.target.value)); setTargetId(''); }}>
        {active.map((c) => <MenuItem key={c.ID} value={c.ID}>{c.name}</MenuItem>)}
      </TextField>
      <TextField select label={t('division')} value={targetId} onChange={(e) => setTargetId(Number(e.target.value))}>
        {targets.filter((c) => c.ID !== cls.ID).map((c) => <MenuItem key={c.ID} value={c.ID}>{c.name} ({c.attendees}/{c.max_kids}, {money(c.price)})</MenuItem>)}
      </TextField>
      {target && <Link href={`/classes/${target.ID}`} target="_blank" rel="noopener">{t('check_class')}</Link>}
    </FormDialog>
  );
}

/** Change trial date (spec 3 §5): seasons that accept free trials, a division, an upcoming event of it. */
function TrialDateDialog({ cls, trial, onClose, onSaved }: { cls: ClassDetail; trial: TrialRow; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { data: active = [] } = useQuery({ queryKey: ['activeClasses', cls.facility_id], queryFn: () => dataProvider.activeClasses({ facility_id: cls.facility_id }) });
  const [seasonId, setSeasonId] = useState<number | ''>(cls.class_parent?.ID ?? cls.ID);
  const [divisionId, setDivisionId] = useState<number | ''>(cls.ID);
  const [eventId, setEventId] = useState<number | ''>('');
  const { data: division } = useQuery({ queryKey: ['class', divisionId], queryFn: () => dataProvider.getClass(Number(divisionId)), enabled: Boolean(divisionId) });
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const seasons = active.filter((c) => c.accepts_free_trial);
  const season = seasons.find((c) => c.ID === seasonId);
  const divisions = season ? (season.is_container ? season.divisions : [season]) : [];
  const now = nowSeconds();
  const upcoming = division?.events.filter((e) => e.start_date > now) ?? [];
  const zone = cls.facility.time_zone;
  const save = async () => {
    const event = upcoming.find((e) => e.ID === eventId);
    if (!event || !(await dialogs.confirm({ message: t('trial_confirm', { date: formatDateTime(event.start_date, zone) }) }))) return;
    if (!(await dialogs.run(() => dataProvider.moveTrial(trial.ID, { class_id: Number(divisionId), event_id: event.ID })))) return;
    onSaved();
    onClose();
  };
  return (
    <FormDialog title={t('trial_date')} onClose={onClose} onSubmit={save} submitDisabled={!eventId}>
      <Stack spacing={2}>
        <TextField select label={t('class')} value={season ? seasonId : ''} onChange={(e) => { setSeasonId(Number(e.target.value)); setDivisionId(''); setEventId(''); }}>
          {seasons.map((c) => <MenuItem key={c.ID} value={c.ID}>{c.name}</MenuItem>)}
        </TextField>
        <TextField select label={t('division')} value={divisions.some((d) => d.ID === divisionId) ? divisionId : ''} onChange={(e) => { setDivisionId(Number(e.target.value)); setEventId(''); }}>
          {divisions.map((d) => <MenuItem key={d.ID} value={d.ID}>{d.name}</MenuItem>)}
        </TextField>
        <TextField select label={t('new_date')} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}>
          {upcoming.map((e) => <MenuItem key={e.ID} value={e.ID}>{formatDateTime(e.start_date, zone)}</MenuItem>)}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
