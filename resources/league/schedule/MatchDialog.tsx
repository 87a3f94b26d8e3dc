import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useTouchlineDataProvider, type LeagueDetail, type MatchRecord } from '../../../dataProvider';
import { FormDialog } from '../../../src/kit/components/FormDialog';
import { failure, type Message } from '../../../src/kit/components/FormMessage';
import { useSubmitOnce } from '../../../src/kit/components/useSubmitOnce';
import { fromInput, toInput, useLeagueFields } from './shared';
import './messages';

// Add manual game (POST /match) and a game's edit (PUT /match/{id}): teams, time, field, type, the
// no-show and a comment. The server books or moves the field under the calendar's guard; a refusal
// (the field is taken) is shown here and nothing changes.

type NoShow = '' | 'home' | 'away';

export function MatchDialog({ league, match, onClose, onSaved }: { league: LeagueDetail; match?: MatchRecord; onClose(): void; onSaved(): void }) {
  const translate = useTranslate();
  const zone = league.facility.time_zone;
  const fields = useLeagueFields(league);
  const dataProvider = useTouchlineDataProvider();
  const { busy, submit } = useSubmitOnce();
  const [home, setHome] = useState<number | ''>(match?.home_team_id ?? '');
  const [away, setAway] = useState<number | ''>(match?.away_team_id ?? '');
  const [when, setWhen] = useState(toInput(match?.date ?? league.start_date + 18 * 3600, zone));
  const [field, setField] = useState<number | ''>(match?.field_id ?? '');
  const [type, setType] = useState<'regular' | 'friendly'>(match?.match_type === 'friendly' ? 'friendly' : 'regular');
  const [noShow, setNoShow] = useState<NoShow>(match?.no_show ?? '');
  const [comment, setComment] = useState(match?.comment ?? '');
  const [message, setMessage] = useState<Message | null>(null);
  const playoff = match?.match_type === 'playoffs';

  const save = async () => {
    const date = fromInput(when, zone);
    const field_id = field === '' ? fields[0]?.ID : field;
    if (home === '' || away === '' || date === null || !field_id) return setMessage({ severity: 'error', text: translate('ra.validation.required') });
    if (home === away) return setMessage({ severity: 'error', text: translate('league_schedule.sameTeam') });
    try {
      if (match) {
        await dataProvider.updateMatch(match.ID, {
          date, field_id, comment, no_show: noShow || null, ...(!playoff && { home_team_id: home, away_team_id: away, match_type: type }),
        });
      } else {
        const created = await submit((key) => dataProvider.createMatch({
          league_id: league.ID, home_team_id: home, away_team_id: away, date, field_id, duration: league.duration, match_type: type, comment, index: 0,
        }, key));
        if (!created) return;
      }
      onSaved();
      onClose();
    } catch (error) {
      setMessage(failure(error));
    }
  };

  const teamSelect = (label: string, value: number | '', set: (v: number) => void) => (
    <TextField select size="small" label={translate(label)} value={value} disabled={playoff} onChange={(e) => set(Number(e.target.value))}>
      {league.teams.map(({ team }) => <MenuItem key={team.ID} value={team.ID}>{team.name}</MenuItem>)}
    </TextField>
  );
  return (
    <FormDialog title={match ? 'league_schedule.edit_title' : 'league_schedule.manual_title'} onClose={onClose} onSubmit={save} message={message} submitDisabled={busy}>
      {teamSelect('league_schedule.columns.home', home, setHome)}
      {teamSelect('league_schedule.columns.away', away, setAway)}
      <TextField size="small" type="datetime-local" label={translate('league_schedule.when')} value={when} onChange={(e) => setWhen(e.target.value)} slotProps={{ htmlInput: { step: 900 }, inputLabel: { shrink: true } }} />
      <TextField select size="small" label={translate('league_schedule.field')} value={field === '' ? fields[0]?.ID ?? '' : field} onChange={(e) => setField(Number(e.target.value))}>
        {fields.map((f) => <MenuItem key={f.ID} value={f.ID}>{f.name}</MenuItem>)}
      </TextField>
      {!playoff && (
        <TextField select size="small" label={translate('league_schedule.type')} value={type} onChange={(e) => setType(e.target.value as 'regular' | 'friendly')}>
          <MenuItem value="regular">{translate('league_schedule.regular')}</MenuItem>
          <MenuItem value="friendly">{translate('league_schedule.friendly')}</MenuItem>
        </TextField>
      )}
      {match && (
        <TextField select size="small" label={translate('league_schedule.no_show')} value={noShow} onChange={(e) => setNoShow(e.target.value as NoShow)}>
          <MenuItem value="">{translate('league_schedule.no_show_none')}</MenuItem>
          <MenuItem value="home">{translate('league_schedule.no_show_home')}</MenuItem>
          <MenuItem value="away">{translate('league_schedule.no_show_away')}</MenuItem>
        </TextField>
      )}
      <TextField size="small" label={translate('league_schedule.comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
    </FormDialog>
  );
}
