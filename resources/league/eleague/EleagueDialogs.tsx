import { Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { createEmatch, shortConsoleId, signupEplayer } from '../../../core/api/eleagues';
import { nowSeconds } from '../../../core/time';
import { useTouchlineDataProvider, type LeagueDetail } from '../../../dataProvider';
import { CustomerInput } from '../../../src/kit/components/CustomerPicker';
import { fromLocalInput, toLocalInput } from '../../../src/kit/components/format';
import { DeclaredDialog } from '../../../src/kit/entity/DeclaredDialog';
import { useDialogs } from '../../../src/kit/layout/dialogs';
import './messages';

// The e-league page's own adds (issue 41 m24): Add e-player signs a customer up (POST /eplayer/signup:
// their e-player, or a new one from the console id given) and Add e-match pairs two of the league's
// players at a time (POST /ematch). Each form is checked by its call's declaration; the server's refusal
// shows on the form, and the tab it changed refreshes.

/** A console id cut to 15 characters (spec 3 §9), the whole one in a tooltip when it is cut. */
export function ConsoleId({ id }: { id: string }) {
  const short = shortConsoleId(id);
  if (short === id) return <>{id}</>;
  return <Tooltip title={id} describeChild><span>{short}</span></Tooltip>;
}

/** A customer (the declaration's 'Please pick the customer' under it) and, for one without an e-player, the console id and console. */
export function AddEplayerDialog({ league, onClose }: { league: LeagueDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  // A blank console id or Discord name is none: the customer's e-player keeps theirs.
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  return (
    <DeclaredDialog title="eleague.add_player.title" submitLabel="eleague.add_player.submit" endpoint={signupEplayer} invalidates={['eplayers']} onClose={onClose}
      defaultValues={{ console: 'PS4' }}
      input={(values) => ({
        body: { league_id: league.ID, customer_id: values.customer_id, console: values.console ?? undefined, console_id: text(values.console_id), discord_username: text(values.discord_username) },
      })}
      onDone={() => dialogs.notifySuccess('eleague.add_player.added')}>
      <CustomerInput source="customer_id" label={translate('eleague.columns.customer')} autoFocus />
      <Typography variant="body2" color="text.secondary">{translate('eleague.add_player.hint')}</Typography>
      <TextInput source="console_id" label="eleague.columns.console_id" helperText={false} />
      <SelectInput source="console" label="eleague.columns.console" choices={CONSOLES.map((c) => ({ id: c, name: c }))} helperText={false} />
      <TextInput source="discord_username" label="eleague.columns.discord" helperText={false} />
    </DeclaredDialog>
  );
}

const CONSOLES = ['PS4', 'XBOX'] as const;

/** Two of the league's players (the declaration refuses the same one twice), the time in the facility's zone, the duration. */
export function AddEmatchDialog({ league, onClose }: { league: LeagueDetail; onClose(): void }) {
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const zone = league.facility.time_zone;
  const { data: players = [] } = useQuery({ queryKey: ['eplayers', league.ID], queryFn: () => dataProvider.leagueEplayers(league.ID) });
  const choices = players.map((p) => ({ ID: p.ID, name: `${p.console_id} · ${p.customer.first_name} ${p.customer.last_name}` }));
  return (
    <DeclaredDialog title="eleague.add_match.title" submitLabel="eleague.add_match.submit" endpoint={createEmatch} invalidates={['ematches', 'eleague-day']} onClose={onClose}
      defaultValues={{ start: toLocalInput(Math.max(nowSeconds(), league.start_date), zone), duration: league.duration || 15 }}
      fieldOf={(path) => (path === 'date' ? 'start' : path)}
      input={(values) => ({
        body: { league_id: league.ID, home_player_id: values.home_player_id, away_player_id: values.away_player_id, date: fromLocalInput(values.start ?? '', zone), duration: values.duration ?? undefined },
      })}
      onDone={() => dialogs.notifySuccess('eleague.add_match.added')}>
      <SelectInput source="home_player_id" label="eleague.matches.home" choices={choices} optionValue="ID" helperText={false} />
      <SelectInput source="away_player_id" label="eleague.matches.away" choices={choices} optionValue="ID" helperText={false} />
      <TextInput source="start" type="datetime-local" label="eleague.add_match.start" InputLabelProps={{ shrink: true }} inputProps={{ step: 900 }} helperText={false} />
      <NumberInput source="duration" label="eleague.schedule.duration" helperText={false} />
    </DeclaredDialog>
  );
}
