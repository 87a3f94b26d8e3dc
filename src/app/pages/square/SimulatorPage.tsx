import { Alert, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { session } from '../../../../dataProvider/session';
import { formatUsd } from '../../../../core/money';
import { defaultTimeZone, formatDateTimeZone } from '../../../../core/time';
import { useTouchlineDataProvider } from '../../../../dataProvider';
import { FacilityScope } from '../../../kit/components/FacilityScope';
import { useDialogs } from '../../../kit/layout/dialogs';
import { useFacilityChoices } from '../../../kit/layout/facilities';
import '../../../../resources/invoice/square/messages';

// The Square simulator (issue 11): stands in for the customer at the facility's terminals — each
// pending checkout is completed (the card is tapped) or cancelled — and lists the simulated payments,
// which a payment's Square link opens (?payment=). Refreshed every 2 s, like a terminal would change.

const POLL_MS = 2000;

export default function SimulatorPage() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const { run } = useDialogs();
  const [params] = useSearchParams();
  const highlighted = params.get('payment');
  const facility = session.facilityScope() ?? undefined;
  // Each row's time in its facility's zone with the zone's abbreviation, as the public pages show them.
  const zones = new Map(useFacilityChoices({ all: true }).map((f) => [f.ID, f.time_zone ?? defaultTimeZone(f.ID)]));
  const at = (row: { created_at: string; facility_id: number }) =>
    formatDateTimeZone(Math.floor(Date.parse(row.created_at) / 1000), zones.get(row.facility_id) ?? defaultTimeZone(row.facility_id));
  const checkouts = useQuery({ queryKey: ['simulatorCheckouts', facility], queryFn: () => dataProvider.simulatorCheckouts(facility), refetchInterval: POLL_MS });
  const payments = useQuery({ queryKey: ['simulatorPayments', facility], queryFn: () => dataProvider.simulatorPayments(facility), refetchInterval: POLL_MS });

  const act = async (id: string, action: 'complete' | 'cancel') => {
    await run(() => dataProvider.simulatorAct(id, action));
    await Promise.all([checkouts.refetch(), payments.refetch()]);
  };

  return (
    <Paper sx={{ p: 2 }}>
      <Title title={translate('square.simulator_title')} />
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">{translate('square.simulator_title')}</Typography>
        <FacilityScope />
      </Stack>
      <Typography variant="h6" component="h2">{translate('square.simulator_pending')}</Typography>
      {checkouts.data?.length === 0 && <Alert severity="info">{translate('square.simulator_none')}</Alert>}
      {!!checkouts.data?.length && (
        <Table size="small" aria-label={translate('square.simulator_pending')}>
          <TableHead>
            <TableRow>
              {['terminal', 'amount', 'note', 'created', ''].map((c) => <TableCell key={c}>{c && translate(`square.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {checkouts.data.map((c) => (
              <TableRow key={c.id}>
                <TableCell>{c.device_name}</TableCell>
                <TableCell>{formatUsd(c.amount_money.amount)}</TableCell>
                <TableCell>{c.note}</TableCell>
                <TableCell>{at(c)}</TableCell>
                <TableCell align="right">
                  <Button size="small" variant="contained" onClick={() => void act(c.id, 'complete')}>{translate('square.complete')}</Button>{' '}
                  <Button size="small" color="error" onClick={() => void act(c.id, 'cancel')}>{translate('square.cancel')}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>{translate('square.simulator_payments')}</Typography>
      <Table size="small" aria-label={translate('square.simulator_payments')}>
        <TableHead>
          <TableRow>{['id', 'amount', 'refunded', 'card', 'note', 'created'].map((c) => <TableCell key={c}>{translate(`square.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {(payments.data ?? []).map((p) => (
            <TableRow key={p.id} selected={p.id === highlighted}>
              <TableCell>{p.id}</TableCell>
              <TableCell>{formatUsd(p.amount_money.amount)}</TableCell>
              <TableCell>{formatUsd(p.refunded_money?.amount ?? 0)}</TableCell>
              <TableCell>{`${p.card_details?.card?.card_brand ?? ''} ${p.card_details?.card?.last_4 ?? ''}`}</TableCell>
              <TableCell>{p.note}</TableCell>
              <TableCell>{at(p)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
