import { useState } from 'react';
import {
  Box, Chip, IconButton, InputAdornment, Link, List, ListItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
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
import { NumberInput, SelectInput, required, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { UNIFORM_SIZES } from '../../core/constants';
import { formatDate, formatDateTime, nowSeconds } from '../../core/time';
import { CLASS_MESSAGES, PRORATE_WARNING_CENTS, registrationDeletable, shownAge, trialDeletable } from '../../core/validation/classes';
import { activeClasses, convertWaitlist, deleteTrial, deleteWaitlist, moveRegistration, register, unregister, updateAttendee, type ActiveClass } from '../../core/api/classes';
import { useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { type Attendee, type ClassDetail, type ClassPerson, type TrialRow, type UniformSize, type WaitlistRow } from '../../dataProvider';
import { ParticipantWizard, type ParticipantDraft } from '../../src/kit/components/ParticipantWizard';
import { DeclaredDialog, type DialogValues } from '../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../src/kit/layout/dialogs';
import { money } from '../../src/kit/components/programFormat';
import { usePaged } from './shared';
import { TrialDateDialog } from './TrialDialogs';
import './messages';
import { shownEmail } from '../../src/kit/components/ContactText';

// The people of a class (spec 3 §2.16, §4, §5): the Participants tab (with each event's free trials)
// and the Waitlist tab with its promotions, and their dialogs — Add Participant (the participant
// wizard, then the price with '+ fees'), Change class, Change uniform size, Change trial date and
// Convert free trial to attendee. Deleting a registration is offered only with no invoice or nothing
// paid; deleting a trial only for trials of the last 3 weeks or later.

/** What a registration changes: the class's page and list, the customers' profiles, their invoices. */
const PEOPLE_WRITES = ['classes', 'customer', 'invoice'] as const;

const fullName = (p: { first_name: string; last_name: string } | null) => (p ? `${p.first_name} ${p.last_name}` : '');

/** A registration the family made from the portal (issue 44 item 7). */
function OnlineMark({ source }: { source: Attendee['source'] }) {
  const translate = useTranslate();
  return source === 'online' ? <Chip size="small" variant="outlined" label={translate('classes.page.online')} sx={{ ml: 1 }} /> : null;
}
const contact = (p: ClassPerson | null) => [shownEmail(p?.email), p?.phone].filter(Boolean).join(' · ');

function Birth({ birthdate }: { birthdate: number | null }) {
  const translate = useTranslate();
  if (birthdate === null) return null;
  const age = shownAge(birthdate, nowSeconds());
  return <>{formatDate(birthdate, 'UTC')}{age !== null ? ` (${translate('classes.page.age', { age })})` : ''}</>;
}

const Tick = ({ on, label }: { on: boolean; label: string }) => (on
  ? <CheckIcon fontSize="small" color="success" titleAccess={`${label}: yes`} />
  : <CloseIcon fontSize="small" color="error" titleAccess={`${label}: no`} />);

export function ParticipantsTab({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const unregisterOne = useDeclaredWrite(unregister, ...PEOPLE_WRITES);
  const deleteOneTrial = useDeclaredWrite(deleteTrial, ...PEOPLE_WRITES);
  const [dialog, setDialog] = useState<{ kind: 'move' | 'uniform'; attendee: Attendee } | { kind: 'trial_date' | 'convert'; trial: TrialRow } | null>(null);
  const { shown, pager } = usePaged(cls.attendees);
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.page.${key}`, args);
  const remove = async (a: Attendee) => {
    if (!(await dialogs.confirmDelete({ message: t('delete_participant_confirm', { name: fullName(a.customer) }) }))) return;
    await dialogs.run(() => unregisterOne.mutateAsync({ params: { id: a.ID } }));
  };
  const removeTrial = async (trial: TrialRow) => {
    if (!(await dialogs.confirmDelete({ message: t('delete_trial_confirm', { name: fullName(trial.customer) }) }))) return;
    await dialogs.run(() => deleteOneTrial.mutateAsync({ params: { id: trial.ID } }));
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
              <TableCell>{a.customer.last_name}<OnlineMark source={a.source} /></TableCell>
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
            <TableHead><TableRow>{(['parent', 'name', 'dob', 'uniform', 'contact', 'balance', 'actions'] as const).map((c) => <TableCell key={c}>{t(`participant_columns.${c}`)}</TableCell>)}</TableRow></TableHead>
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
      {dialog?.kind === 'uniform' && <UniformDialog attendee={dialog.attendee} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'move' && <MoveDialog cls={cls} attendee={dialog.attendee} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'trial_date' && <TrialDateDialog cls={cls} trial={dialog.trial} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'convert' && (
        <PriceDialog cls={cls} title="classes.dialogs.convert" onClose={() => setDialog(null)}
          participant={{ customer_id: dialog.trial.customer_id, parent_id: dialog.trial.parent?.ID ?? null, name: fullName(dialog.trial.customer) }} />
      )}
    </Box>
  );
}

export function WaitlistTab({ cls }: { cls: ClassDetail }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const convert = useDeclaredWrite(convertWaitlist, ...PEOPLE_WRITES);
  const remove = useDeclaredWrite(deleteWaitlist, ...PEOPLE_WRITES);
  const { shown, pager } = usePaged(cls.waitlists);
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.page.${key}`, args);
  const zone = cls.facility.time_zone;
  const act = async (row: WaitlistRow, kind: 'convert' | 'delete') => {
    const name = fullName(row.customer);
    const ok = kind === 'convert' ? await dialogs.confirm({ message: t('convert_waitlist_confirm', { name }) }) : await dialogs.confirmDelete({ message: t('delete_waitlist_confirm', { name }) });
    if (!ok) return;
    await dialogs.run(async () => { await (kind === 'convert' ? convert : remove).mutateAsync({ params: { id: row.ID } }); return true; });
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
              <TableCell>{fullName(w.customer)}<OnlineMark source={w.source} /></TableCell>
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

function UniformDialog({ attendee, onClose }: { attendee: Attendee; onClose(): void }) {
  return (
    <DeclaredDialog title="classes.dialogs.uniform" endpoint={updateAttendee} invalidates={['classes']} onClose={onClose}
      defaultValues={{ uniform_size: attendee.uniform_size ?? undefined }}
      input={(values) => ({ params: { id: attendee.ID }, body: { uniform_size: (values.uniform_size as UniformSize | '' | undefined) || null } })}>
      <SelectInput source="uniform_size" label="classes.dialogs.size" choices={UNIFORM_SIZES.map((size) => ({ id: size, name: size }))} />
    </DeclaredDialog>
  );
}

/** Who the price step registers: an existing customer, or new ones created with the registration (ParticipantDraft). */
type Participant = Pick<ParticipantDraft, 'customer_id' | 'parent_id' | 'new_participant' | 'name'>;

/** The price step of Add Participant and Convert free trial: above 0, '+ fees', fixed when not prorated. */
function PriceDialog({ cls, participant, title, onClose }: { cls: ClassDetail; participant: Participant; title: string; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const full = (error: unknown) => (error as { status?: number }).status === 409 && String((error as Error).message).includes(CLASS_MESSAGES.full);
  return (
    <DeclaredDialog title={title} endpoint={register} invalidates={PEOPLE_WRITES} onClose={onClose}
      defaultValues={{ price: cls.price.price || undefined }}
      input={(values) => ({
        body: {
          parent_id: participant.parent_id, price: values.price, attendee: { class_id: cls.ID, ...(participant.customer_id ? { customer_id: participant.customer_id } : {}) },
          ...(participant.new_participant ? { new_participant: participant.new_participant } : {}),
        },
      })}
      // A full class offers its waitlist (spec 3 §5).
      instead={async (error, { body }) => (full(error) && (await dialogs.confirm({ message: t('waitlist_offer') })) ? { body: { ...body, waitlist: true } } : null)}
      onDone={(done) => dialogs.notifySuccess(t(done.waitlisted ? 'waitlisted' : 'registered', { name: participant.name }), { short: true })}>
      <Typography>{t('participant_chosen', { name: participant.name })}</Typography>
      <NumberInput source="price" label={t('price')} step={0.01} min={0} readOnly={cls.price.fixed && cls.price.price > 0}
        InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment>, endAdornment: <InputAdornment position="end">{t('plus_fees')}</InputAdornment> }} />
    </DeclaredDialog>
  );
}

/**
 * Add Participant (spec 3 §5): the customer section (existing or new adult or child), then the price.
 * Nothing is created until the price is confirmed: the registration creates new customers with it, in
 * one transaction (issue 41 item 7), so cancelling or a refused registration leaves nobody behind.
 */
export function AddParticipantDialog({ cls, onClose }: { cls: ClassDetail; onClose(): void }) {
  const [chosen, setChosen] = useState<ParticipantDraft | null>(null);
  if (!chosen) return <ParticipantWizard open title="classes.dialogs.participant" onClose={onClose} onDraft={setChosen} />;
  return <PriceDialog cls={cls} title="classes.dialogs.participant" onClose={onClose} participant={chosen} />;
}

/** Change class (spec 3 §5): season then division (or a class of its own), with the full and price warnings. */
function MoveDialog({ cls, attendee, onClose }: { cls: ClassDetail; attendee: Attendee; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { data: active = [] } = useDeclaredQuery('classes', activeClasses, { query: { facility_id: cls.facility_id } });
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const targetOf = (values: DialogValues) => active.flatMap((c) => (c.is_container ? c.divisions : [c])).find((c) => c.ID === values.target_id);
  const confirm = (values: DialogValues) => {
    const target = targetOf(values)!;
    const warnings = [
      ...(target.max_kids - target.attendees <= 0 ? [t('full_warning')] : []),
      ...(Math.round((target.price - cls.price.price) * 100) > PRORATE_WARNING_CENTS ? [t('price_warning', { amount: money(target.price - cls.price.price) })] : []),
    ];
    return dialogs.confirm({ message: [t('move_confirm', { name: fullName(attendee.customer), target: target.name }), ...warnings].join(' ') });
  };
  // The move's choices travel in its query (no body): its inputs' own rules check them.
  return (
    <DeclaredDialog title={t('move')} endpoint={moveRegistration} invalidates={PEOPLE_WRITES} onClose={onClose} inputRules confirm={confirm}
      defaultValues={{ season_id: cls.class_parent?.ID }}
      input={(values) => ({ params: { attendeeId: attendee.ID }, query: { new_class_id: values.target_id, old_class_id: cls.ID } })}>
      <MoveInputs cls={cls} active={active} />
    </DeclaredDialog>
  );
}

/** The class's facility (a move stays within it: docs/DECISIONS.md "Classes and camps"), the season, its division. */
function MoveInputs({ cls, active }: { cls: ClassDetail; active: ActiveClass[] }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [seasonId, targetId] = useWatch({ name: ['season_id', 'target_id'] }) as [number | undefined, number | undefined];
  const t = (key: string) => translate(`classes.dialogs.${key}`);
  const season = active.find((c) => c.ID === seasonId);
  const targets = season ? (season.is_container ? season.divisions : [season]) : [];
  return (
    <>
      <TextField label={translate('classes.form.facility')} value={cls.facility.name} slotProps={{ input: { readOnly: true } }} />
      <SelectInput source="season_id" label={t('season')} choices={active} optionValue="ID" optionText="name" isRequired helperText={false}
        onChange={() => setValue('target_id', undefined)} />
      <SelectInput source="target_id" label={t('division')} optionValue="ID" optionText="text" validate={required()}
        choices={targets.filter((c) => c.ID !== cls.ID).map((c) => ({ ID: c.ID, text: `${c.name} (${c.attendees}/${c.max_kids}, ${money(c.price)})` }))} />
      {targetId !== undefined && <Link href={`/classes/${targetId}`} target="_blank" rel="noopener">{t('check_class')}</Link>}
    </>
  );
}
