import { useState } from 'react';
import { Autocomplete, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { transferTargets } from '../../core/api/payments';
import { FormDialog, useFormCall } from '../../src/kit/components/FormDialog';
import type { InvoicePayment, TransferLeague } from '../../dataProvider';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useTransferPayment } from './invoiceCalls';
import './messages';

// Transfer payment (spec 2 §2, §7): a team player's payment moves to the invoice of another team of a
// league (PUT /payment/transfer; 'Fields missing' when incomplete). The league and the team are picked
// among those the server offers for this payment (the facility's leagues, their other invoiced teams).

type Team = TransferLeague['teams'][number];

export function TransferDialog({ payment, onClose, onDone }: { payment: InvoicePayment; onClose(): void; onDone(): void }) {
  const translate = useTranslate();
  const { data: leagues, isPending } = useDeclaredQuery('invoice', transferTargets, { params: { id: payment.ID } });
  const transferPayment = useTransferPayment();
  const [league, setLeague] = useState<TransferLeague | null>(null);
  const [team, setTeam] = useState<Team | null>(null);
  const { message, setMessage, busy, call } = useFormCall();

  const transfer = async () => {
    const player_id = payment.player_customer_id;
    if (!league || !team || !player_id) return setMessage({ severity: 'error', text: 'invoices.fields_missing' });
    if (!(await call(() => transferPayment.mutateAsync({ body: { payment_id: payment.ID, league_id: league.ID, team_id: team.ID, player_id } })))) return;
    onDone();
    onClose();
  };

  return (
    <FormDialog title="invoices.transfer" submitLabel="invoices.transfer" maxWidth="xs" onClose={onClose} onSubmit={() => void transfer()} submitDisabled={busy} message={message}>
      <Autocomplete<TransferLeague>
        options={leagues ?? []}
        loading={isPending}
        value={league}
        onChange={(_event, chosen) => { setLeague(chosen); setTeam(null); }}
        getOptionLabel={(l) => l.name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID}
        renderInput={(params) => <TextField {...params} label={translate('invoices.league')} autoFocus />}
      />
      <Autocomplete<Team>
        options={league?.teams ?? []}
        disabled={!league}
        value={team}
        onChange={(_event, chosen) => setTeam(chosen)}
        getOptionLabel={(t) => t.name}
        isOptionEqualToValue={(a, b) => a.ID === b.ID}
        renderInput={(params) => <TextField {...params} label={translate('invoices.team')} />}
      />
      {leagues?.length === 0 && <Typography color="text.secondary">{translate('invoices.no_transfer_targets')}</Typography>}
    </FormDialog>
  );
}
