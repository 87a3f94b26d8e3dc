import { Alert, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useTouchlineDataProvider, type CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { dateTimeOf, useRefreshProfile, zoneOf } from '../useProfile';
import { FormDialog, type OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/**
 * Add free trial: an upcoming session of a class that accepts trials and fits the customer (the server
 * filters), labelled with class, date and time in the facility's zone, and field (POST /class/trial).
 */
export function TrialDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run, notifySuccess } = useDialogs();
  const refresh = useRefreshProfile();
  const zone = zoneOf(customer);
  const { data: sessions = [], isSuccess } = useQuery({
    queryKey: ['trial-sessions', customer.ID], queryFn: () => dataProvider.upcomingTrialEvents(customer.ID), enabled: open,
  });
  const [eventId, setEventId] = useState<number | ''>('');
  const chosen = sessions.find((s) => s.event.ID === eventId);

  async function save() {
    if (!chosen) return;
    const trial = { class_id: chosen.class.ID, event_id: chosen.event.ID, customer_id: customer.ID };
    if (!(await run(() => dataProvider.addTrial(trial)))) return;
    notifySuccess('customer_profile.trial_dialog.added');
    await refresh();
    onClose();
  }

  return (
    <FormDialog open={open} title="customer_profile.trial_dialog.title" onClose={onClose} onSubmit={save} submitDisabled={!chosen}>
      {isSuccess && sessions.length === 0 ? (
        <Alert severity="info">{translate('customer_profile.trial_dialog.no_classes')}</Alert>
      ) : (
        <TextField select label={translate('customer_profile.trial_dialog.event')} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}>
          {sessions.map((s) => <MenuItem key={s.event.ID} value={s.event.ID}>{s.class.name} · {dateTimeOf(s.event.start_date, zone)} · {s.field.name}</MenuItem>)}
        </TextField>
      )}
    </FormDialog>
  );
}
