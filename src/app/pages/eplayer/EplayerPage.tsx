import { useState } from 'react';
import { Button, Link, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { shortConsoleId } from '../../../../core/api/eleagues';
import { useTouchlineDataProvider, type EplayerRecord } from '../../../../dataProvider';
import { useDialogs } from '../../../kit/layout/dialogs';
import './messages';
import { EmailText } from '../../../kit/components/ContactText';

// /eplayer (spec 1 §2, spec 3 §3 "E-player", §7; issue 27 item 3): finds an e-player by gamertag or
// console id (the `gamertag` query parameter, so a link or a reload keeps the search), and edits the
// chosen one's console id and Discord name, with their e-leagues linked.

export default function EplayerPage() {
  const translate = useTranslate();
  const dataProvider = useTouchlineDataProvider();
  const [params, setParams] = useSearchParams();
  const query = params.get('gamertag')?.trim() ?? '';
  const [text, setText] = useState(query);
  const [chosen, setChosen] = useState<number | null>(null);
  const { data: found } = useQuery({ queryKey: ['eplayers-search', query], queryFn: () => dataProvider.findEplayers(query), enabled: query !== '' });
  const search = (e: React.FormEvent) => { e.preventDefault(); setChosen(null); setParams(text.trim() ? { gamertag: text.trim() } : {}); };
  const selected = chosen ?? (found?.length === 1 ? found[0].ID : null);
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={translate('page.eplayer')} />
      <Paper sx={{ p: 2 }}>
        <Stack component="form" direction="row" spacing={1} onSubmit={search} role="search">
          <TextField size="small" label={translate('eplayer_page.search')} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
          <Button type="submit" variant="contained">{translate('eplayer_page.find')}</Button>
        </Stack>
      </Paper>
      {found && (
        <Paper sx={{ p: 2 }}>
          <Table size="small" aria-label={translate('eplayer_page.results')}>
            <TableHead>
              <TableRow>{(['console_id', 'console', 'discord', 'customer', 'email'] as const).map((c) => <TableCell key={c}>{translate(`eplayer_page.${c}`)}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {found.length === 0 && <TableRow><TableCell colSpan={5}>{translate('eplayer_page.none')}</TableCell></TableRow>}
              {found.map((p) => (
                <TableRow key={p.ID} hover selected={p.ID === selected} onClick={() => setChosen(p.ID)} sx={{ cursor: 'pointer' }} data-testid="eplayer-result">
                  <TableCell title={p.console_id}>{shortConsoleId(p.console_id)}</TableCell>
                  <TableCell>{p.console}</TableCell>
                  <TableCell>{p.discord_username}</TableCell>
                  <TableCell><Link component={RouterLink} to={`/customer/${p.customer.ID}`} onClick={(e) => e.stopPropagation()}>{p.customer.first_name} {p.customer.last_name}</Link></TableCell>
                  <TableCell>{p.customer.email && <EmailText email={p.customer.email} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {selected !== null && <EplayerCard key={selected} id={selected} />}
    </Stack>
  );
}

function EplayerCard({ id }: { id: number }) {
  const dialogs = useDialogs();
  const dataProvider = useTouchlineDataProvider();
  const { data: player } = useQuery({ queryKey: ['eplayer', id], queryFn: () => dataProvider.getEplayer(id) });
  return player ? <EplayerForm player={player} save={async (change) => {
    if (await dialogs.run(() => dataProvider.updateEplayer(id, change))) dialogs.notifySuccess('eplayer_page.saved');
  }} /> : null;
}

function EplayerForm({ player, save }: { player: EplayerRecord; save(change: { console_id: string; discord_username: string; console: 'PS4' | 'XBOX' }): Promise<void> }) {
  const translate = useTranslate();
  const [form, setForm] = useState({ console_id: player.console_id, discord_username: player.discord_username, console: player.console });
  return (
    <Paper sx={{ p: 2 }} data-testid="eplayer-card">
      <Typography variant="h6" component="h2">{player.customer.first_name} {player.customer.last_name}</Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
        <TextField size="small" label={translate('eplayer_page.console_id')} value={form.console_id} onChange={(e) => setForm({ ...form, console_id: e.target.value })} />
        <TextField size="small" select label={translate('eplayer_page.console')} value={form.console} onChange={(e) => setForm({ ...form, console: e.target.value as 'PS4' | 'XBOX' })} sx={{ width: 120 }}>
          <MenuItem value="PS4">PS4</MenuItem><MenuItem value="XBOX">XBOX</MenuItem>
        </TextField>
        <TextField size="small" label={translate('eplayer_page.discord')} value={form.discord_username} onChange={(e) => setForm({ ...form, discord_username: e.target.value })} />
        <Button variant="contained" onClick={() => save(form)}>{translate('eplayer_page.save')}</Button>
      </Stack>
      <Typography variant="subtitle2">{translate('eplayer_page.leagues')}</Typography>
      <Stack component="ul" sx={{ m: 0, pl: 3 }}>
        {(player.leagues ?? []).map((l) => <li key={l.signup_id}><Link component={RouterLink} to={`/league/${l.ID}`}>{l.name}</Link></li>)}
      </Stack>
    </Paper>
  );
}
