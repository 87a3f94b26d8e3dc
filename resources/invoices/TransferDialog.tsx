import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormDialog, useFormCall } from '../../src/components/FormDialog';
import { useTouchlineDataProvider, type InvoicePayment } from '../../dataProvider';

// Transfer payment (spec 2 §2, §7): a team player's payment moves to the invoice of another team of the
// league (PUT /payment/transfer; 'Fields missing' when incomplete). There is no league or team screen
// yet to pick from, so the target is asked by ID.

export function TransferDialog({ payment, onClose, onDone }: { payment: InvoicePayment; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [league, setLeague] = useState('');
  const [team, setTeam] = useState('');
  const { message, setMessage, busy, call } = useFormCall();

  const transfer = async () => {
    const league_id = Number(league);
    const team_id = Number(team);
    const player_id = payment.player_customer_id;
    if (!(Number.isInteger(league_id) && league_id > 0 && Number.isInteger(team_id) && team_id > 0 && player_id)) {
      return setMessage({ severity: 'error', text: 'invoices.fields_missing' });
    }
    if (!(await call(() => dataProvider.transferPayment({ payment_id: payment.ID, league_id, team_id, player_id })))) return;
    onDone();
    onClose();
  };

  return (
    <FormDialog title="invoices.transfer" submitLabel="invoices.transfer" maxWidth="xs" onClose={onClose} onSubmit={() => void transfer()} submitDisabled={busy} message={message}>
      <TextField type="number" label={translate('invoices.league_id')} value={league} onChange={(e) => setLeague(e.target.value)} />
      <TextField type="number" label={translate('invoices.team_id')} value={team} onChange={(e) => setTeam(e.target.value)} />
    </FormDialog>
  );
}
