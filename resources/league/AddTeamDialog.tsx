import { useState } from 'react';
import { Tab, Tabs, Typography } from '@mui/material';
import { AutocompleteInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { allTeams, signUpTeam } from '../../core/api/teams';
import { formatDollars } from '../../core/money';
import { LEAGUE_MESSAGES, TEAM_COLORS } from '../../core/validation/leagues';
import type { LeagueDetail } from '../../dataProvider';
import { DeclaredDialog } from '../../src/kit/entity/DeclaredDialog';
import { useDeclaredQuery } from '../../src/kit/entity/useDeclared';
import { useDialogs } from '../../src/kit/layout/dialogs';
import './messages';

// Add team to league (spec 3 §2.10, §5): Existing team or New team, at one of the league's fees (the
// full price; the early bird while it runs). The server signs the team up with its invoice in one
// transaction (a new team is created in it); the form is checked by the call's declaration (the spec's
// messages) and a full league is said before any call. The existing teams offered are the facility's
// whose age group fits the league's (m11: no youth team in an Adult division), as GET
// /team/all?age_group_id answers them. The sign-up shows on the league's page and the team's at once.

type Kind = 'existing' | 'new';

export function AddTeamDialog({ league, onClose }: { league: LeagueDetail; onClose(): void }) {
  const dialogs = useDialogs();
  const [tab, setTab] = useState<Kind>('existing');
  const left = league.max_teams - league.teams.length;
  return (
    <DeclaredDialog title="leagues.add_team.title" endpoint={signUpTeam} invalidates={['league', 'tournament', 'team']} onClose={onClose}
      defaultValues={{ color: TEAM_COLORS.signup, fee: league.fees[0]?.price }}
      // A new team is named (an emptied name is the declaration's 'Please enter a valid team name'), an existing one picked.
      input={(values) => ({
        body: tab === 'new'
          ? { league_id: league.ID, fee: values.fee, name: values.name ?? '', color: values.color }
          : { league_id: league.ID, fee: values.fee, team_id: values.team_id },
      })}
      refuse={() => (left <= 0 ? LEAGUE_MESSAGES.maxTeams : null)}
      onDone={() => dialogs.notifySuccess('leagues.add_team.added')}>
      <AddTeamInputs league={league} tab={tab} onTab={setTab} left={left} />
    </DeclaredDialog>
  );
}

function AddTeamInputs({ league, tab, onTab, left }: { league: LeagueDetail; tab: Kind; onTab(tab: Kind): void; left: number }) {
  const translate = useTranslate();
  const { clearErrors } = useFormContext();
  const { data: teams = [] } = useDeclaredQuery('team', allTeams, { query: { facility_id: league.facility_id, ...(league.age_group_id ? { age_group_id: league.age_group_id } : {}) } });
  const signedUp = new Set(league.teams.map((t) => t.team.ID));
  return (
    <>
      {/* The other tab's reasons are not this one's. */}
      <Tabs value={tab} onChange={(_, v: Kind) => { onTab(v); clearErrors(); }}>
        <Tab value="existing" label={translate('leagues.add_team.existing')} />
        <Tab value="new" label={translate('leagues.add_team.new')} />
      </Tabs>
      {tab === 'existing' ? (
        <AutocompleteInput source="team_id" label="leagues.add_team.team" choices={teams.filter((t) => !signedUp.has(t.ID))} optionValue="ID" optionText="name" size="small" />
      ) : (
        <>
          <TextInput source="name" label="leagues.add_team.name" size="small" />
          <TextInput source="color" type="color" label="leagues.add_team.color" size="small" />
        </>
      )}
      <SelectInput source="fee" label="leagues.add_team.fee" optionValue="price" size="small"
        choices={league.fees.map((f) => ({
          price: f.price,
          name: f.kind === 'full' ? translate('leagues.add_team.full', { price: formatDollars(f.price) }) : translate('leagues.add_team.early_bird', { price: formatDollars(f.price), discount: formatDollars(f.discount) }),
        }))} />
      <Typography variant="body2" color="text.secondary">{translate('leagues.add_team.teams_left', { count: Math.max(left, 0) })}</Typography>
    </>
  );
}
