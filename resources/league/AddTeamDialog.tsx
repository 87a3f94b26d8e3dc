import { useState } from 'react';
import { Autocomplete, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { allTeams, signUpTeam } from '../../core/api/teams';
import { formatDollars } from '../../core/money';
import { LEAGUE_MESSAGES, TEAM_COLORS } from '../../core/validation/leagues';
import type { LeagueDetail } from '../../dataProvider';
import { FormDialog } from '../../src/kit/components/FormDialog';
import { failure, type Message } from '../../src/kit/components/FormMessage';
import { useDeclaredMutation, useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// Add team to league (spec 3 §2.10, §5): Existing team or New team, at one of the league's fees (the
// full price; the early bird while it runs). The server signs the team up with its invoice in one
// transaction (a new team is created in it); the spec's messages are said before any call. The
// existing teams offered are the facility's whose age group fits the league's (m11: no youth team in an
// Adult division), as GET /team/all?age_group_id answers them. The sign-up shows on the league's page
// and the team's at once.

export function AddTeamDialog({ league, onClose }: { league: LeagueDetail; onClose(): void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const signUp = useDeclaredMutation(signUpTeam, { invalidates: ['league', 'tournament', 'team'], meta: { errorDialog: false } });
  const [tab, setTab] = useState<'existing' | 'new'>('existing');
  const [team, setTeam] = useState<{ ID: number; name: string } | null>(null);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(TEAM_COLORS.signup);
  const [fee, setFee] = useState<number | ''>(league.fees[0]?.price ?? '');
  const [message, setMessage] = useState<Message | null>(null);
  const { data: teams = [] } = useDeclaredQuery('team', allTeams, { query: { facility_id: league.facility_id, ...(league.age_group_id ? { age_group_id: league.age_group_id } : {}) } });
  const signedUp = new Set(league.teams.map((t) => t.team.ID));
  const left = league.max_teams - league.teams.length;

  const submit = async () => {
    const error = (text: string) => setMessage({ severity: 'error', text });
    if (left <= 0) return error(LEAGUE_MESSAGES.maxTeams);
    if (fee === '' || !league.fees.some((f) => f.price === fee)) return error(LEAGUE_MESSAGES.validFee);
    if (tab === 'new' && !name.trim()) return error(LEAGUE_MESSAGES.validTeamName);
    if (tab === 'existing' && !team) return error(LEAGUE_MESSAGES.validTeam);
    const body = tab === 'new' ? { league_id: league.ID, fee, name: name.trim(), color } : { league_id: league.ID, fee, team_id: team!.ID };
    const added = await signUp.mutateAsync({ body }).catch((e: unknown) => { setMessage(failure(e)); return undefined; });
    if (!added) return;
    dialogs.notifySuccess('leagues.add_team.added');
    onClose();
  };

  return (
    <FormDialog title="leagues.add_team.title" onClose={onClose} onSubmit={submit} message={message}>
      <Tabs value={tab} onChange={(_, v) => { setTab(v); setMessage(null); }}>
        <Tab value="existing" label={translate('leagues.add_team.existing')} />
        <Tab value="new" label={translate('leagues.add_team.new')} />
      </Tabs>
      {tab === 'existing' ? (
        <Autocomplete options={teams.filter((t) => !signedUp.has(t.ID))} value={team} onChange={(_, v) => setTeam(v)} getOptionLabel={(t) => t.name}
          isOptionEqualToValue={(a, b) => a.ID === b.ID} renderInput={(params) => <TextField {...params} size="small" label={translate('leagues.add_team.team')} />} />
      ) : (
        <>
          <TextField size="small" label={translate('leagues.add_team.name')} value={name} onChange={(e) => setName(e.target.value)} />
          <TextField size="small" type="color" label={translate('leagues.add_team.color')} value={color} onChange={(e) => setColor(e.target.value)} />
        </>
      )}
      <TextField select size="small" label={translate('leagues.add_team.fee')} value={fee} onChange={(e) => setFee(Number(e.target.value))}>
        {league.fees.map((f) => (
          <MenuItem key={f.kind} value={f.price}>
            {f.kind === 'full' ? translate('leagues.add_team.full', { price: formatDollars(f.price) }) : translate('leagues.add_team.early_bird', { price: formatDollars(f.price), discount: formatDollars(f.discount) })}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary">{translate('leagues.add_team.teams_left', { count: Math.max(left, 0) })}</Typography>
    </FormDialog>
  );
}
