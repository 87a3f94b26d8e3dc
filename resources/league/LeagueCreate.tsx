import { usePermissions, useResourceContext, useTranslate } from 'react-admin';
import type { Role } from '../../core/constants';
import { EntityCreate } from '../../src/kit/entity/EntityPages';
import { LeagueInputs, leagueBodyOf, newLeague } from './LeagueInputs';
import './messages';

/** /league/create and /tournament/create: Add new league / tournament at an address of its own; then its page. */
export default function LeagueCreate() {
  const translate = useTranslate();
  const tournament = useResourceContext() === 'tournament';
  const { permissions: role } = usePermissions<Role>();
  return (
    <EntityCreate title={translate(tournament ? 'leagues.dialog.tournament' : 'leagues.dialog.create')} transform={leagueBodyOf} record={newLeague(role)}>
      <LeagueInputs tournament={tournament} />
    </EntityCreate>
  );
}
