import { useState } from 'react';
import { Alert, Button, Checkbox, Container, FormControlLabel, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { publicContractDocument } from '../../core/api/contracts';
import { fillPath } from '../../core/api/endpoint';
import { useTouchlineDataProvider } from '../../dataProvider';
import { failure, FormMessage, type Message } from '../../src/kit/components/FormMessage';
import { formatDateTimeZone } from '../../core/time';
import { formatMoney, toCents } from '../../core/money';
import './messages';

// The customer's signing page (/public/contract?ref=…, issue 12 §5): signed out, by the reference the
// e-mail carries. The customer reads the PDF, types their name and accepts; a voided or unknown link
// shows that it is no longer valid.

/** "2 events × $151.03 = $302.06"; "3 events, $100.00 in all" when the events' prices differ or do not divide evenly. */
export function contractSummary(translate: (key: string, options?: object) => string, events: number, total: number): string {
  const cents = toCents(total);
  if (events > 0 && cents % events === 0) {
    return translate('contracts.public.summary_each', { smart_count: events, each: formatMoney(cents / events), total: formatMoney(cents) });
  }
  return translate('contracts.public.summary_total', { smart_count: events, total: formatMoney(cents) });
}

export default function PublicContractPage() {
  const api = useTouchlineDataProvider();
  const translate = useTranslate();
  const [params] = useSearchParams();
  const reference = params.get('ref') ?? '';
  const { data, isError, refetch } = useQuery({ queryKey: ['publicContract', reference], queryFn: () => api.publicContract(reference), enabled: Boolean(reference), meta: { errorDialog: false } });
  const [name, setName] = useState('');
  const [accept, setAccept] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const sign = async () => {
    try {
      await api.signContract(reference, name);
      await refetch();
    } catch (error) {
      setMessage(failure(error));
    }
  };
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography variant="overline">{translate('contracts.public.title')}</Typography>
          {(isError || !reference) && <Alert severity="error">{translate('contracts.public.not_found')}</Alert>}
          {data && (
            <>
              <Typography variant="h5">{data.name}</Typography>
              <Typography>{data.facility}{data.customer ? ` — ${data.customer}` : ''}</Typography>
              <Typography>{contractSummary(translate, data.events, data.total)}</Typography>
              <Link href={fillPath(publicContractDocument, { ref: reference })} target="_blank" rel="noopener">{translate('contracts.public.read')}</Link>
              {data.signed ? (
                <Alert severity="success" data-testid="signed">{translate('contracts.public.signed', { name: data.signed_name, date: data.signed_at ? formatDateTimeZone(data.signed_at, data.time_zone) : '' })}</Alert>
              ) : (
                <>
                  <TextField label={translate('contracts.public.name')} value={name} onChange={(e) => setName(e.target.value)} inputProps={{ 'data-testid': 'sign-name' }} />
                  <FormControlLabel control={<Checkbox checked={accept} onChange={(e) => setAccept(e.target.checked)} />} label={translate('contracts.public.accept')} />
                  <FormMessage message={message} />
                  <Button variant="contained" disabled={!accept || name.trim().length < 2} onClick={() => void sign()}>{translate('contracts.public.sign')}</Button>
                </>
              )}
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
