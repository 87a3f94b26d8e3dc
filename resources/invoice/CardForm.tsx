import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { simulatorToken } from '../../core/square';
import { attachSquareCard, sdkMode, validTestCard, type SquareCard } from '../../src/kit/components/squareCard';
import { failure, FormMessage, type Message } from '../../src/kit/components/FormMessage';
import type { CardCharge, ChargeResult, SquareConfig } from '../../dataProvider';
import { newIdempotencyKey } from '../../core/idempotencyKey';
import { money } from './shared';
import './square/messages';

// The card modal's form (spec 2 §4, §8): with real Square, Square's Web Payments SDK (its script is
// loaded only then) tokenizes the card in its own iframe; with the simulator, a test-card form makes
// the simulator's token. `charge` sends the token (POST /charge/event, or the public link's charge);
// a failure shows the server's message or a default one, a success closes the form's work and loads a
// new idempotency key. 'Card must be charged on square' when the charge answers no transaction id.

export function CardForm({ config, cents, problem = null, charge, onPaid }: {
  /** The amount's problem, shown instead of charging. */
  problem?: Message | null;
  config: SquareConfig; cents: number; charge(charge: CardCharge): Promise<ChargeResult>; onPaid(result: ChargeResult): void;
}) {
  const translate = useTranslate();
  const [key, setKey] = useState(newIdempotencyKey);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const card = useRef<SquareCard | null>(null);
  const real = sdkMode(config) !== null;

  useEffect(() => {
    if (!real) return undefined;
    let cancelled = false;
    attachSquareCard(config, '#square-card', () => cancelled)
      .then((created) => { if (created) card.current = created; })
      .catch(() => setMessage({ severity: 'error', text: 'square.sdk_failed' }));
    return () => { cancelled = true; void card.current?.destroy(); card.current = null; };
  }, [real, config]);

  const tokenize = async (): Promise<string | null> => {
    if (!real) {
      if (!validTestCard(number, expiry, cvv)) { setMessage({ severity: 'error', text: 'square.card_invalid' }); return null; }
      return simulatorToken(number);
    }
    if (!card.current) { setMessage({ severity: 'error', text: 'square.sdk_failed' }); return null; }
    const result = await card.current.tokenize();
    if (result.status === 'OK' && result.token) return result.token;
    setMessage({ severity: 'error', text: translate('square.tokenize_failed', { status: result.status, errors: (result.errors ?? []).map((e) => e.message).join(', ') }) });
    return null;
  };

  const pay = async () => {
    if (problem) return setMessage(problem);
    if (cents <= 0) return setMessage({ severity: 'error', text: 'square.amount_positive' });
    setBusy(true);
    setMessage(null);
    try {
      const token = await tokenize();
      if (!token) return;
      const result = await charge({ idempotency_key: key, amount_money: { amount: cents, currency: 'USD' }, source_id: token });
      if (!result?.id) return setMessage({ severity: 'error', text: 'square.card_not_charged' });
      setKey(newIdempotencyKey());
      onPaid(result);
    } catch (error) {
      const shown = failure(error);
      setMessage(shown.text ? shown : { severity: 'error', text: 'square.charge_failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2} data-testid="card-form">
      {real ? <div id="square-card" /> : (
        <>
          <Alert severity="info" role="note">{translate('square.simulator_note')}</Alert>
          <TextField label={translate('square.card_number')} value={number} onChange={(e) => setNumber(e.target.value)} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
          <Stack direction="row" spacing={2}>
            <TextField label={translate('square.expiry')} value={expiry} onChange={(e) => setExpiry(e.target.value)} placeholder="12/30" />
            <TextField label={translate('square.cvv')} value={cvv} onChange={(e) => setCvv(e.target.value)} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
          </Stack>
        </>
      )}
      <FormMessage message={message} />
      <Button variant="contained" onClick={() => void pay()} disabled={busy}>{translate('square.pay', { amount: money(cents / 100) })}</Button>
    </Stack>
  );
}
