import { useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { moveTrial, trialTargets } from '../../core/api/classes';
import { addTrial } from '../../core/api/customers';
import { formatDateTime, nowSeconds } from '../../core/time';
import type { ClassDetail, TrialRow } from '../../dataProvider';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { ParticipantWizard, type ParticipantResult } from '../../src/kit/components/ParticipantWizard';
import { useDeclaredMutation, useDeclaredQuery, useDeclaredWrite } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// A class's free trials (spec 3 §5; issue 41 M3, m21): moving one to another date, and staff adding
// one from the class page — a date of the class, then the person (picked or new, as Add Participant).

/**
 * Change trial date (spec 3 §5; issue 41 M3): where the trial may move, as the server answers it — the
 * trial's own class and division first (always, with their upcoming dates), then the facility's classes
 * whose division or season accepts free trials — a division, and one of its upcoming events.
 */
export function TrialDateDialog({ cls, trial, onClose }: { cls: ClassDetail; trial: TrialRow; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const move = useDeclaredWrite(moveTrial, 'classes', 'customer');
  const { data: targets = [] } = useDeclaredQuery('classes', trialTargets, { params: { id: trial.ID } });
  const [chosen, setChosen] = useState<{ season: number | ''; division: number | '' } | null>(null);
  const [eventId, setEventId] = useState<number | ''>('');
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  // Until the user picks, the trial's own class and division (the first target holds them).
  const own = targets[0];
  const seasonId = chosen ? chosen.season : own?.ID ?? '';
  const season = targets.find((c) => c.ID === seasonId);
  const divisionId = chosen ? chosen.division : season?.divisions.find((d) => d.ID === cls.ID)?.ID ?? (season?.divisions.length === 1 ? season.divisions[0].ID : '');
  const division = season?.divisions.find((d) => d.ID === divisionId);
  const upcoming = division?.events ?? [];
  const zone = cls.facility.time_zone;
  const save = async () => {
    const event = upcoming.find((e) => e.ID === eventId);
    if (!event || !division || !(await dialogs.confirm({ message: t('trial_confirm', { date: formatDateTime(event.start_date, zone) }) }))) return;
    if (!(await dialogs.run(() => move.mutateAsync({ params: { id: trial.ID }, body: { class_id: division.ID, event_id: event.ID } })))) return;
    onClose();
  };
  return (
    <FormDialog title={t('trial_date')} onClose={onClose} onSubmit={save} submitDisabled={!eventId}>
      <Stack spacing={2}>
        <TextField select label={t('class')} value={season ? seasonId : ''} onChange={(e) => { setChosen({ season: Number(e.target.value), division: '' }); setEventId(''); }}>
          {targets.map((c) => <MenuItem key={c.ID} value={c.ID}>{c.name}</MenuItem>)}
        </TextField>
        {season?.is_container && (
          <TextField select label={t('division')} value={division ? divisionId : ''} onChange={(e) => { setChosen({ season: seasonId, division: Number(e.target.value) }); setEventId(''); }}>
            {season.divisions.map((d) => <MenuItem key={d.ID} value={d.ID}>{d.name}</MenuItem>)}
          </TextField>
        )}
        <TextField select label={t('new_date')} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}
          helperText={division && upcoming.length === 0 ? t('no_upcoming') : undefined}>
          {upcoming.filter((e) => e.ID !== trial.event_id).map((e) => <MenuItem key={e.ID} value={e.ID}>{formatDateTime(e.start_date, zone)}</MenuItem>)}
        </TextField>
      </Stack>
    </FormDialog>
  );
}

/** Add free trial (m21): one of the class's upcoming dates, then the participant; the trial is booked on the wizard's Save. */
export function AddTrialDialog({ cls, onClose }: { cls: ClassDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const [eventId, setEventId] = useState<number | ''>('');
  const [choosing, setChoosing] = useState(false);
  const book = useDeclaredMutation(addTrial, { invalidates: ['classes', 'customer'] });
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const zone = cls.facility.time_zone;
  const now = nowSeconds();
  const upcoming = cls.events.filter((e) => e.start_date > now);
  const event = upcoming.find((e) => e.ID === eventId);
  const done = async (chosen: ParticipantResult) => {
    if (!event) return;
    const booked = await book.mutateAsync({ body: { class_id: cls.ID, event_id: event.ID, customer_id: chosen.customer.ID, ...(chosen.parent ? { parent_id: chosen.parent.ID } : {}) } }).catch(() => null);
    if (!booked) return;
    dialogs.notifySuccess(t('trial_added', { name: `${chosen.customer.first_name} ${chosen.customer.last_name}`, date: formatDateTime(event.start_date, zone) }), { short: true });
    onClose();
  };
  if (choosing && event) return <ParticipantWizard open title={t('add_trial_for', { date: formatDateTime(event.start_date, zone) })} onClose={onClose} onDone={done} />;
  return (
    <FormDialog title={t('add_trial')} onClose={onClose} onSubmit={() => setChoosing(true)} submitDisabled={!event || !cls.accepts_free_trial} submitLabel={translate('classes.dialogs.next')}>
      {!cls.accepts_free_trial && <Typography color="text.secondary">{t('trial_not_offered')}</Typography>}
      <TextField select label={t('trial_event')} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}
        helperText={upcoming.length === 0 ? t('no_upcoming') : undefined}>
        {upcoming.map((e) => <MenuItem key={e.ID} value={e.ID}>{formatDateTime(e.start_date, zone)} · {e.field.name}</MenuItem>)}
      </TextField>
    </FormDialog>
  );
}
