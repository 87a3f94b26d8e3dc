import { TextInput, useTranslate } from 'react-admin';
import { suspendCustomer } from '../../../../core/api/customers';
import { nowSeconds } from '../../../../core/time';
import type { CustomerProfile } from '../../../../dataProvider';
import { DeclaredDialog } from '../../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { zoneOf } from '../useProfile';
import { dayInput, endOfDay, startOfDay } from './dates';
import '../messages';

/**
 * Suspend player: POST /customer/suspension for whole days in the facility's time zone, checked by its
 * declaration ('Required', 'Until must be after From' under their fields).
 */
export function SuspendDialog({ onClose, customer }: { onClose(): void; customer: CustomerProfile }) {
  const translate = useTranslate();
  const { notifySuccess } = useDialogs();
  const zone = zoneOf(customer);
  const t = (key: string) => translate(`customer_profile.suspend_dialog.${key}`);
  const date = { type: 'date', InputLabelProps: { shrink: true } } as const;
  return (
    <DeclaredDialog title="customer_profile.suspend_dialog.title" endpoint={suspendCustomer} invalidates={['customer']} onClose={onClose}
      defaultValues={{ from: dayInput(nowSeconds(), zone), until: dayInput(nowSeconds() + 7 * 86400, zone) }}
      // A day left empty reaches the declaration as missing: 'Required' under it.
      input={(values) => ({
        body: {
          customer_id: customer.ID, from: (startOfDay(values.from ?? '', zone) ?? undefined) as number, until: (endOfDay(values.until ?? '', zone) ?? undefined) as number,
          foul: values.foul ?? '', notes: values.notes ?? '',
        },
      })}
      onDone={() => notifySuccess('customer_profile.saved')}>
      <TextInput source="from" label={t('from')} {...date} />
      <TextInput source="until" label={t('until')} {...date} />
      <TextInput source="foul" label={t('foul')} />
      <TextInput source="notes" label={t('notes')} multiline minRows={2} />
    </DeclaredDialog>
  );
}
