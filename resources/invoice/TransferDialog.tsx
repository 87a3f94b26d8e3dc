import { Typography } from '@mui/material';
import { AutocompleteInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { transferPayment, transferTargets } from '../../core/api/payments';
import type { InvoicePayment, TransferLeague } from '../../dataProvider';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { INVOICE_WRITES } from './invoiceCalls';
import './messages';

// Transfer payment (spec 2 §2, §7): a team player's payment moves to the invoice of another team of a
// league (PUT /payment/transfer). The league and the team are picked among those the server offers for
// this payment (the facility's leagues, their other invoiced teams); the declaration says 'Fields
// missing' under each one not picked.

export function TransferDialog({ payment, onClose, onDone }: { payment: InvoicePayment; onClose(): void; onDone(): void }) {
  const { data: leagues } = useDeclaredQuery('invoice', transferTargets, { params: { id: payment.ID } });
  return (
    <DeclaredDialog title="invoices.transfer" submitLabel="invoices.transfer" maxWidth="xs" endpoint={transferPayment} invalidates={INVOICE_WRITES} onClose={onClose}
      input={(values) => ({ body: { payment_id: payment.ID, league_id: values.league_id, team_id: values.team_id, player_id: payment.player_customer_id } })}
      onDone={onDone}>
      <TransferInputs leagues={leagues} />
    </DeclaredDialog>
  );
}

/** The league, then one of its teams. */
function TransferInputs({ leagues }: { leagues: TransferLeague[] | undefined }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const leagueId = useWatch({ name: 'league_id' }) as number | undefined;
  const teams = leagues?.find((l) => l.ID === leagueId)?.teams ?? [];
  return (
    <>
      <AutocompleteInput source="league_id" label={translate('invoices.league')} choices={leagues ?? []} optionValue="ID" optionText="name" autoFocus
        onChange={() => setValue('team_id', undefined)} />
      <AutocompleteInput source="team_id" label={translate('invoices.team')} choices={teams} optionValue="ID" optionText="name" />
      {leagues?.length === 0 && <Typography color="text.secondary">{translate('invoices.no_transfer_targets')}</Typography>}
    </>
  );
}
