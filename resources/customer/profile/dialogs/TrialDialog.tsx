import { Alert } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { addTrial, upcomingTrials } from '../../../../core/api/customers';
import type { CustomerProfile } from '../../../../dataProvider';
import { DeclaredDialog } from '../../../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery } from '../../../../src/kit/entity/useDeclared';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { dateTimeOf, zoneOf } from '../useProfile';
import '../messages';

/**
 * Add free trial: an upcoming session of a class that accepts trials and fits the customer (the server
 * filters), labelled with class, date and time in the facility's zone, and field (POST /class/trial,
 * checked by its declaration: 'Required' under Session until one is picked).
 */
export function TrialDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  const zone = zoneOf(customer);
  const { data: sessions = [], isSuccess } = useDeclaredQuery('customer', upcomingTrials, { query: { customer_id: customer.ID } });
  const choices = sessions.map((s) => ({ id: s.event.ID, name: `${s.class.name} · ${dateTimeOf(s.event.start_date, zone)} · ${s.field.name}` }));
  return (
    <DeclaredDialog title="customer_profile.trial_dialog.title" endpoint={addTrial} invalidates={['customer', 'classes']} onClose={onClose}
      input={(values) => ({
        body: { class_id: sessions.find((s) => s.event.ID === values.event_id)?.class.ID as number, event_id: values.event_id, customer_id: customer.ID },
      })}
      // The class is the session's: its reason is the session's.
      fieldOf={(path) => (path === 'class_id' ? 'event_id' : path)}
      onDone={() => notifySuccess('customer_profile.trial_dialog.added')}>
      {isSuccess && sessions.length === 0 && <Alert severity="info">{translate('customer_profile.trial_dialog.no_classes')}</Alert>}
      <SelectInput source="event_id" isRequired label={translate('customer_profile.trial_dialog.event')} choices={choices} />
    </DeclaredDialog>
  );
}
