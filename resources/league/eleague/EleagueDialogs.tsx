import { useState } from 'react';
import { MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { shortConsoleId } from '../../../core/api/eleagues';
import { nowSeconds } from '../../../core/time';
import { useTouchlineDataProvider, type CustomerSummary, type LeagueDetail } from '../../../dataProvider';
import { CustomerPicker } from '../../../src/kit/components/CustomerPicker';
import { FormDialog, useFormCall } from '../../../src/kit/components/FormDialog';
import { fromLocalInput, toLocalInput } from '../../../src/kit/components/format';
import { useSubmitOnce } from '../../../src/kit/components/useSubmitOnce';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import './messages';

// The e-league page's own adds (issue 41 m24): Add e-player signs a customer up (POST /eplayer/signup:
// their e-player, or a new one from the console id given) and Add e-match pairs two of the league's
// players at a time (POST /ematch). The server checks both; its refusal shows on the form.

/** A console id cut to 15 characters (spec 3 §9), the whole one in a tooltip when it is cut. */
export function ConsoleId({ id }: { id: string }) {
  const short = shortConsoleId(id);
  if (short === id) return <>{id}</>;
  return <Tooltip title={id} describeChild><span>{short}</span></Tooltip>;
}

export function AddEplayerDialog({ league, onClose, onAdded }: { league: LeagueDetail; onClose(): void; onAdded(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { message, setMessage, busy, call } = useFormCall();
  const [customer, setCustomer] = useState<CustomerSummary | null>(null);
  const [form, setForm] = useState({ console_id: '', console: 'PS4' as 'PS4' | 'XBOX', discord_username: '' });
  const submit = async () => {
    if (!customer) return setMessage({ severity: 'error', text: 'eleague.add_player.pick_customer' });
    const body = { league_id: league.ID, customer_id: customer.ID, console: form.console, ...(form.console_id.trim() ? { console_id: form.console_id } : {}), ...(form.discord_username.trim() ? { discord_username: form.discord_username } : {}) };
    if (await call(() => dataProvider.signupEplayer(body))) {
      dialogs.notifySuccess('eleague.add_player.added');
      onAdded();
    }
  };
  return (
    <FormDialog title="eleague.add_player.title" onClose={onClose} onSubmit={submit} submitLabel="eleague.add_player.submit" submitDisabled={busy} message={message}>
      <CustomerPicker label={translate('eleague.columns.customer')} value={customer} onChange={setCustomer} autoFocus />
      <Typography variant="body2" color="text.secondary">{translate('eleague.add_player.hint')}</Typography>
      <TextField label={translate('eleague.columns.console_id')} value={form.console_id} onChange={(e) => setForm({ ...form, console_id: e.target.value })} />
      <TextField select label={translate('eleague.columns.console')} value={form.console} onChange={(e) => setForm({ ...form, console: e.target.value as 'PS4' | 'XBOX' })}>
        {(['PS4', 'XBOX'] as const).map((c) => <MenuItem key={c} value={c}>{c}</MenuItem>)}
      </TextField>
      <TextField label={translate('eleague.columns.discord')} value={form.discord_username} onChange={(e) => setForm({ ...form, discord_username: e.target.value })} />
    </FormDialog>
  );
}

export function AddEmatchDialog({ league, onClose, onAdded }: { league: LeagueDetail; onClose(): void; onAdded(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { message, setMessage, call } = useFormCall();
  const { busy, submit: once } = useSubmitOnce();
  const zone = league.facility.time_zone;
  const { data: players = [] } = useQuery({ queryKey: ['eplayers', league.ID], queryFn: () => dataProvider.leagueEplayers(league.ID) });
  const [form, setForm] = useState({ home: '' as number | '', away: '' as number | '', start: toLocalInput(Math.max(nowSeconds(), league.start_date), zone), duration: league.duration || 15 });
  const submit = async () => {
    if (form.home === '' || form.away === '' || form.home === form.away) return setMessage({ severity: 'error', text: 'eleague.players' });
    const body = { league_id: league.ID, home_player_id: form.home, away_player_id: form.away, date: fromLocalInput(form.start, zone), duration: Number(form.duration) };
    if (await once((key) => call(() => dataProvider.createEmatch(body, key)))) {
      dialogs.notifySuccess('eleague.add_match.added');
      onAdded();
    }
  };
  const picker = (side: 'home' | 'away') => (
    <TextField select label={translate(`eleague.matches.${side}`)} value={form[side]} onChange={(e) => setForm({ ...form, [side]: Number(e.target.value) })}>
      {players.map((p) => <MenuItem key={p.ID} value={p.ID}>{p.console_id} · {p.customer.first_name} {p.customer.last_name}</MenuItem>)}
    </TextField>
  );
  return (
    <FormDialog title="eleague.add_match.title" onClose={onClose} onSubmit={submit} submitLabel="eleague.add_match.submit" submitDisabled={busy} message={message}>
      {picker('home')}
      {picker('away')}
      <TextField type="datetime-local" label={translate('eleague.add_match.start')} value={form.start} onChange={(e) => setForm({ ...form, start: e.target.value })} slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 900 } }} />
      <TextField type="number" label={translate('eleague.schedule.duration')} value={form.duration} onChange={(e) => setForm({ ...form, duration: Number(e.target.value) })} />
    </FormDialog>
  );
}
