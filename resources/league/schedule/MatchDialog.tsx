import { useEffect } from 'react';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { createMatch, updateMatch } from '../../../core/api/schedule';
import type { LeagueDetail, MatchRecord } from '../../../dataProvider';
import { DeclaredDialog, type DialogValues } from '../../../src/kit/entity/DeclaredDialog';
import { fromInput, toInput, useLeagueFields, type FieldOption } from './shared';
import './messages';

// Add manual game (POST /match) and a game's edit (PUT /match/{id}): teams, time, field, type, the
// no-show and a comment, checked by the call's declaration (two different teams, each input's reason
// under it). The server books or moves the field under the calendar's guard; a refusal (the field is
// taken) is shown here and nothing changes. Saved, the league's schedule refreshes.

export function MatchDialog({ league, match, onClose }: { league: LeagueDetail; match?: MatchRecord; onClose(): void }) {
  const zone = league.facility.time_zone;
  const fields = useLeagueFields(league);
  const playoff = match?.match_type === 'playoffs';
  // The first field until one is picked (the fields may arrive after the form).
  const fieldOf = (values: DialogValues) => (values.field_id ?? fields[0]?.ID) as number;
  const when = (values: DialogValues) => fromInput(values.when ?? '', zone) ?? undefined;
  const common = {
    invalidates: ['league'],
    defaultValues: {
      home_team_id: match?.home_team_id ?? undefined, away_team_id: match?.away_team_id ?? undefined, when: toInput(match?.date ?? league.start_date + 18 * 3600, zone),
      field_id: match?.field_id ?? undefined, match_type: match?.match_type === 'friendly' ? 'friendly' : 'regular', no_show: match?.no_show ?? null, comment: match?.comment ?? '',
    },
    fieldOf: (path: string) => (path === 'date' ? 'when' : path),
    onClose,
  };
  const inputs = <MatchInputs league={league} fields={fields} playoff={playoff} editing={Boolean(match)} />;
  return match
    ? (
      <DeclaredDialog {...common} title="league_schedule.edit_title" endpoint={updateMatch}
        input={(values) => ({
          params: { id: match.ID },
          body: {
            date: when(values), field_id: fieldOf(values), comment: values.comment ?? '', no_show: values.no_show || null,
            ...(!playoff && { home_team_id: values.home_team_id, away_team_id: values.away_team_id, match_type: values.match_type }),
          },
        })}>
        {inputs}
      </DeclaredDialog>
    )
    : (
      <DeclaredDialog {...common} title="league_schedule.manual_title" endpoint={createMatch}
        input={(values) => ({
          body: {
            league_id: league.ID, home_team_id: values.home_team_id, away_team_id: values.away_team_id, date: when(values) as number, field_id: fieldOf(values),
            duration: league.duration, match_type: values.match_type, comment: values.comment ?? '', index: 0,
          },
        })}>
        {inputs}
      </DeclaredDialog>
    );
}

function MatchInputs({ league, fields, playoff, editing }: { league: LeagueDetail; fields: FieldOption[]; playoff: boolean; editing: boolean }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const first = fields[0]?.ID;
  useEffect(() => {
    if (first !== undefined && getValues('field_id') == null) setValue('field_id', first);
  }, [first, getValues, setValue]);
  const teams = league.teams.map(({ team }) => team);
  return (
    <>
      <SelectInput source="home_team_id" label="league_schedule.columns.home" choices={teams} optionValue="ID" optionText="name" isRequired disabled={playoff} size="small" helperText={false} />
      <SelectInput source="away_team_id" label="league_schedule.columns.away" choices={teams} optionValue="ID" optionText="name" isRequired disabled={playoff} size="small" helperText={false} />
      <TextInput source="when" type="datetime-local" label="league_schedule.when" InputLabelProps={{ shrink: true }} inputProps={{ step: 900 }} size="small" helperText={false} />
      <SelectInput source="field_id" label="league_schedule.field" choices={fields} optionValue="ID" optionText="name" isRequired size="small" helperText={false} />
      {!playoff && (
        <SelectInput source="match_type" label="league_schedule.type" isRequired size="small" helperText={false}
          choices={[{ id: 'regular', name: translate('league_schedule.regular') }, { id: 'friendly', name: translate('league_schedule.friendly') }]} />
      )}
      {editing && (
        <SelectInput source="no_show" label="league_schedule.no_show" emptyText="league_schedule.no_show_none" size="small" helperText={false}
          choices={[{ id: 'home', name: translate('league_schedule.no_show_home') }, { id: 'away', name: translate('league_schedule.no_show_away') }]} />
      )}
      <TextInput source="comment" label="league_schedule.comment" size="small" helperText={false} />
    </>
  );
}
