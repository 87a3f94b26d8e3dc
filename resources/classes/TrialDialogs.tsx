import { useRef, useState } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { moveTrial, trialTargets, type TrialTarget } from '../../core/api/classes';
import { addTrial } from '../../core/api/customers';
import { formatDateTime, nowSeconds } from '../../core/time';
import type { ClassDetail, TrialRow } from '../../dataProvider';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { ParticipantWizard, type ParticipantResult } from '../../src/kit/components/ParticipantWizard';
import { DeclaredDialog, type DialogValues } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredMutation, useDeclaredQuery } from '../../src/kit/entity/useDeclared';
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
  const { data: targets } = useDeclaredQuery('classes', trialTargets, { params: { id: trial.ID } });
  const zone = cls.facility.time_zone;
  // Whether the class picked has divisions to pick from (its division select shows).
  const container = useRef(false);
  if (!targets) return null;
  // Until the user picks, the trial's own class and division (the first target holds them).
  const own = targets[0];
  const ownDivision = own?.divisions.find((d) => d.ID === cls.ID)?.ID ?? (own?.divisions.length === 1 ? own.divisions[0].ID : undefined);
  const seasonOf = (values: DialogValues) => targets.find((c) => c.ID === values.season_id);
  const eventOf = (values: DialogValues) => seasonOf(values)?.divisions.find((d) => d.ID === values.division_id)?.events.find((e) => e.ID === values.event_id);
  return (
    <DeclaredDialog title={translate('classes.dialogs.trial_date')} endpoint={moveTrial} invalidates={['classes', 'customer']} onClose={onClose}
      defaultValues={{ season_id: own?.ID, division_id: ownDivision }}
      input={(values) => ({ params: { id: trial.ID }, body: { class_id: values.division_id, event_id: values.event_id } })}
      // The division is the call's class: its select, or the class's when it has no divisions to pick from.
      fieldOf={(path) => (path === 'class_id' && !container.current ? 'season_id' : path === 'class_id' ? 'division_id' : path)}
      confirm={(values) => dialogs.confirm({ message: translate('classes.dialogs.trial_confirm', { date: formatDateTime(eventOf(values)?.start_date ?? 0, zone) }) })}>
      <TrialDateInputs targets={targets} trial={trial} zone={zone} container={container} />
    </DeclaredDialog>
  );
}

/** Class (season), its division when it has several, and one of the division's upcoming dates. */
function TrialDateInputs({ targets, trial, zone, container }: { targets: TrialTarget[]; trial: TrialRow; zone: string; container: { current: boolean } }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [seasonId, divisionId] = useWatch({ name: ['season_id', 'division_id'] }) as [number | undefined, number | undefined];
  const t = (key: string, args?: Record<string, unknown>) => translate(`classes.dialogs.${key}`, args);
  const season = targets.find((c) => c.ID === seasonId);
  const division = season?.divisions.find((d) => d.ID === divisionId);
  const upcoming = division?.events ?? [];
  container.current = Boolean(season?.is_container);
  const pickSeason = (id: number) => {
    const picked = targets.find((c) => c.ID === id);
    setValue('division_id', picked?.divisions.length === 1 ? picked.divisions[0].ID : undefined);
    setValue('event_id', undefined);
  };
  return (
    <>
      <SelectInput source="season_id" label={t('class')} isRequired choices={targets} optionValue="ID" optionText="name" helperText={false}
        onChange={(e) => pickSeason(Number(e.target.value))} />
      {season?.is_container && (
        <SelectInput source="division_id" label={t('division')} isRequired choices={season.divisions} optionValue="ID" optionText="name" helperText={false}
          onChange={() => setValue('event_id', undefined)} />
      )}
      <SelectInput source="event_id" label={t('new_date')} isRequired optionValue="ID" optionText="text"
        choices={upcoming.filter((e) => e.ID !== trial.event_id).map((e) => ({ ID: e.ID, text: formatDateTime(e.start_date, zone) }))}
        helperText={division && upcoming.length === 0 ? t('no_upcoming') : undefined} />
    </>
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
