import { useEffect, useRef, useState } from 'react';
import { Alert, Button, CircularProgress, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { toCents } from '../../core/money';
import { TERMINAL_POLL_MS, TERMINAL_TIMEOUT_MS } from '../../core/square';
import { failure, FormMessage, type Message } from '../../src/kit/components/FormMessage';
import { useTouchlineDataProvider, type TerminalDevice } from '../../dataProvider';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import './square/messages';

// The payment dialog's terminal method (spec 2 §4): none → selecting a terminal (the facility's
// devices) → the pending check (SUCCESS starts the payment; PENDING asks to Close or Confirm; NOT_FOUND
// offers to search again) → processing, polled every 3 s: SUCCESS shows 'Payment successfull' and
// loads a new idempotency key, CANCELED 'The Payment was Canceled' and resets; nothing confirmed
// within 30 s shows 'not found', set back to processing at the next poll.

type Phase = 'none' | 'paid' | 'selecting' | 'checking' | 'pending_confirmation' | 'not_found' | 'processing' | 'timed_out';

/** The amount's problem (spec 2 §5), or null when it may be sent. */
export function terminalAmountProblem(amount: number, balance: number): string | null {
  const cents = Number.isFinite(amount) ? toCents(amount) : 0;
  if (cents <= 0) return 'square.amount_positive';
  if (cents > toCents(balance)) return 'square.amount_over_balance';
  return null;
}

export function TerminalCheckout({ invoiceId, facilityId, amount, balance, onPaid }: {
  invoiceId: number; facilityId: number; amount: number; balance: number; onPaid(): void;
}) {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [phase, setPhase] = useState<Phase>('none');
  const [devices, setDevices] = useState<TerminalDevice[]>([]);
  const [device, setDevice] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<{ id: string; started: number } | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [message, setMessage] = useState<Message | null>(null);
  const polling = useRef(false);

  const fail = (error: unknown) => { setMessage(failure(error)); setPhase('none'); };

  const search = async () => {
    setMessage(null);
    try {
      setDevices(await dataProvider.terminalDevices(facilityId));
      setPhase('selecting');
    } catch (error) { fail(error); }
  };

  const start = async (deviceId: string) => {
    const problem = terminalAmountProblem(amount, balance);
    if (problem) { setMessage({ severity: 'error', text: problem }); setPhase('none'); return; }
    try {
      const answer = await dataProvider.initCheckout(invoiceId, deviceId, toCents(amount), key);
      if (answer.status !== 'SUCCESS') { setMessage({ severity: 'error', text: answer.message }); setPhase('none'); return; }
      setCheckout({ id: answer.id, started: Date.now() });
      setPhase('processing');
    } catch (error) { fail(error); }
  };

  const choose = async (deviceId: string) => {
    setDevice(deviceId);
    setPhase('checking');
    try {
      const check = await dataProvider.checkPending(deviceId, facilityId);
      if (check.status === 'SUCCESS') await start(deviceId);
      else setPhase(check.status === 'PENDING' ? 'pending_confirmation' : 'not_found');
    } catch (error) { fail(error); }
  };

  useEffect(() => {
    if (!checkout) return undefined;
    const timer = setInterval(async () => {
      if (polling.current) return;
      polling.current = true;
      try {
        setPhase('processing');
        const state = await dataProvider.confirmCheckout(checkout.id);
        if (state.status === 'SUCCESS') {
          setCheckout(null);
          setKey(newIdempotencyKey());
          setPhase('paid');
          setMessage({ severity: 'success', text: 'square.success' });
          onPaid();
        } else if (state.status === 'CANCELED') {
          setCheckout(null);
          setKey(newIdempotencyKey());
          setPhase('none');
          setMessage({ severity: 'error', text: 'square.canceled' });
        } else if (Date.now() - checkout.started > TERMINAL_TIMEOUT_MS) {
          setPhase('timed_out');
        }
      } catch (error) {
        setMessage(failure(error));
      } finally {
        polling.current = false;
      }
    }, TERMINAL_POLL_MS);
    return () => clearInterval(timer);
  }, [checkout, dataProvider, onPaid]);

  return (
    <Stack spacing={1} data-testid="terminal-checkout">
      {phase === 'none' && <Button variant="contained" onClick={() => void search()}>{translate('square.search_terminals')}</Button>}
      {phase === 'paid' && <Button onClick={() => { setMessage(null); setPhase('none'); }}>{translate('square.another_payment')}</Button>}
      {phase === 'selecting' && (devices.length === 0
        ? <Alert severity="warning">{translate('square.no_terminals')}</Alert>
        : (
          <>
            <Typography variant="subtitle2">{translate('square.choose_terminal')}</Typography>
            <List dense aria-label={translate('square.choose_terminal')}>
              {devices.map((d) => (
                <ListItem key={d.id} disablePadding><ListItemButton onClick={() => void choose(d.id)}><ListItemText primary={d.name} secondary={d.id} /></ListItemButton></ListItem>
              ))}
            </List>
          </>
        ))}
      {phase === 'checking' && <Typography role="status">{translate('square.checking')}</Typography>}
      {phase === 'pending_confirmation' && (
        <Alert severity="warning" action={(
          <>
            <Button color="inherit" onClick={() => setPhase('none')}>{translate('square.close')}</Button>
            <Button color="inherit" onClick={() => void start(device!)}>{translate('square.confirm')}</Button>
          </>
        )}>
          <strong>{translate('square.pending_title')}</strong> {translate('square.pending_text')}
        </Alert>
      )}
      {phase === 'not_found' && (
        <Alert severity="error" action={<Button color="inherit" onClick={() => void search()}>{translate('square.search_again')}</Button>}>
          {translate('square.not_found')}
        </Alert>
      )}
      {phase === 'processing' && (
        <Stack direction="row" spacing={1} alignItems="center" role="status"><CircularProgress size={20} aria-hidden /><Typography>{translate('square.processing')}</Typography></Stack>
      )}
      {phase === 'timed_out' && <Alert severity="warning" role="status">{translate('square.not_found')}</Alert>}
      <FormMessage message={message} />
    </Stack>
  );
}
