import { useResourceContext, useTranslate } from 'react-admin';
import { EntityEdit } from '../../src/kit/entity/EntityPages';
import { LeagueInputs, leagueBodyOf } from './LeagueInputs';
import './messages';

/** /league/{id}/edit and /tournament/{id}/edit: the Settings tab's form at an address of its own; then the page, which shows the change. */
export default function LeagueEdit() {
  const translate = useTranslate();
  const tournament = useResourceContext() === 'tournament';
  return (
    <EntityEdit title={translate(tournament ? 'leagues.dialog.edit_tournament' : 'leagues.dialog.edit')} transform={leagueBodyOf}>
      <LeagueInputs tournament={tournament} />
    </EntityEdit>
  );
}
