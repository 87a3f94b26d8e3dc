import { ResourceContextProvider, usePermissions, type RaRecord } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Role } from '../../core/constants';
import { EntityDialog } from '../../src/kit/entity/EntityDialog';
import { showPath } from '../../src/kit/entity/paths';
import { copyOf, LeagueInputs, leagueBodyOf, newLeague } from './LeagueInputs';
import './messages';

// The create / edit / duplicate league dialog and its tournament variant (spec 3 §2.4, §5), over the
// list and the page's Settings tab: the league's form (LeagueInputs) checked by its declaration. Create
// and duplicate go to the new page; an edit shows on every open view of the league.

export type LeagueDialogMode = 'create' | 'edit' | 'duplicate' | 'tournament';

export function LeagueDialog({ mode, source, onClose }: { mode: LeagueDialogMode; source?: Partial<RaRecord>; onClose(): void }) {
  const navigate = useNavigate();
  const { permissions: role } = usePermissions<Role>();
  const tournament = mode === 'tournament' || Boolean(source?.is_tournament);
  const resource = tournament ? 'tournament' : 'league';
  const title = mode === 'edit' ? (tournament ? 'leagues.dialog.edit_tournament' : 'leagues.dialog.edit') : mode === 'duplicate' ? 'leagues.dialog.duplicate' : mode === 'tournament' ? 'leagues.dialog.tournament' : 'leagues.dialog.create';
  return (
    <ResourceContextProvider value={resource}>
      <EntityDialog
        target={mode === 'edit' && source?.ID ? { mode: 'edit', id: source.ID } : { mode: 'create' }}
        record={mode === 'edit' ? undefined : source ? copyOf(source) : newLeague(role)}
        onClose={onClose}
        titles={{ create: title, edit: title }}
        transform={leagueBodyOf}
        maxWidth="md"
        notice={(verb) => ({ message: verb === 'create' ? 'ra.notification.created' : 'leagues.dialog.saved', args: { smart_count: 1 } })}
        onSaved={(record) => { if (mode !== 'edit') navigate(showPath(resource, record.id ?? record.ID)); }}
      >
        <LeagueInputs tournament={tournament} />
      </EntityDialog>
    </ResourceContextProvider>
  );
}
