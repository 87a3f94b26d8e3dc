import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { failure, FormMessage, type Message } from '../../src/components/FormMessage';
import { useTouchlineDataProvider, type InvoicePayment } from '../../dataProvider';

// Transfer payment (spec 2 §2, §7): a team player's payment moves to the invoice of another team of the
// league (PUT /payment/transfer; 'Fields missing' when incomplete). There is no league or team screen
// yet to pick from, so the target is asked by ID.

export function TransferDialog({ payment, onClose, onDone }: { payment: InvoicePayment; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [league, setLeague] = useState('');
  const [team, setTeam] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  const transfer = async () => {
    const league_id = Number(league);
    const team_id = Number(team);
    const player_id = payment.player_customer_id;
    if (!(Number.isInteger(league_id) && league_id > 0 && Number.isInteger(team_id) && team_id > 0 && player_id)) {
      return setMessage({ severity: 'error', text: 'invoices.fields_missing' });
    }
    setBusy(true);
    try {
      await dataProvider.transferPayment({ payment_id: payment.ID, league_id, team_id, player_id });
      onDone();
      onClose();
    } catch (error) {
      setMessage(failure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('invoices.transfer')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField type="number" label={translate('invoices.league_id')} value={league} onChange={(e) => setLeague(e.target.value)} />
          <TextField type="number" label={translate('invoices.team_id')} value={team} onChange={(e) => setTeam(e.target.value)} />
          <FormMessage message={message} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('invoices.cancel')}</Button>
        <Button variant="contained" onClick={() => void transfer()} disabled={busy}>{translate('invoices.transfer')}</Button>
      </DialogActions>
    </Dialog>
  );
}
