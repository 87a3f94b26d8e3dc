import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';
import { formatDate, formatDateTime } from '../../../../core/time';
import type { MatchRoster, RosterTeam } from '../../../../dataProvider/events';
import './messages';

// The printable match roster (spec 2 §2 League panel, spec 3 §2 roster, §10 marks): both teams'
// players — name with (coach) and (C), date of birth, and the marks xM no valid membership, xW no
// valid waiver, -SUS- suspended — on a plain sheet with its own styles. It is drawn into a window of
// its own (a portal keeps the app's translations), so printing shows the roster, not the app.

const SHEET_CSS = `
  body { font: 12px/1.4 Arial, sans-serif; color: #000; margin: 16px; }
  h1 { font-size: 18px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 16px 0 4px; }
  table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #999; padding: 3px 6px; text-align: left; }
  th { background: #eee; } .marks { font-weight: bold; white-space: nowrap; } .sus td { text-decoration: line-through; }
  .legend { margin-top: 12px; color: #333; } @media print { .no-print { display: none; } }
`;

export interface RosterSheetProps { roster: MatchRoster; zone: string; field: string }

export function RosterSheet({ roster, zone, field }: RosterSheetProps) {
  const translate = useTranslate();
  const team = (t: RosterTeam | null, side: string) => (
    <section data-testid={`roster-${side}`}>
      <h2>{translate(`event_page.${side}`)}: {t?.name ?? 'TBD'}</h2>
      {t && (
        <table>
          <thead><tr><th>#</th><th>{translate('event_page.player')}</th><th>{translate('event_page.birthdate')}</th><th>{translate('event_page.marks')}</th><th>{translate('event_page.signature')}</th></tr></thead>
          <tbody>
            {t.players.map((p, i) => (
              <tr key={p.customer_id} className={p.suspension ? 'sus' : undefined}>
                <td>{i + 1}</td>
                <td>{p.first_name} {p.last_name}{p.is_coach ? ' (coach)' : ''}{p.is_captain ? ' (C)' : ''}</td>
                <td>{p.birthdate === null ? '' : formatDate(p.birthdate, 'UTC')}</td>
                <td className="marks">{p.marks.join(' ')}</td>
                <td />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
  return (
    <div>
      <style>{SHEET_CSS}</style>
      <h1>{roster.league.name}: {roster.home_team?.name ?? 'TBD'} vs {roster.away_team?.name ?? 'TBD'}</h1>
      <div>{formatDateTime(roster.date, zone)} · {field}</div>
      {team(roster.home_team, 'home')}
      {team(roster.away_team, 'away')}
      <p className="legend">{translate('event_page.roster_legend')}</p>
    </div>
  );
}

/** The sheet in its own window, printed once drawn; `onClosed` when that window goes away. */
export function RosterWindow({ target, onClosed, ...sheet }: RosterSheetProps & { target: Window; onClosed(): void }) {
  const translate = useTranslate();
  useEffect(() => {
    target.document.title = translate('event_page.print_roster');
    target.addEventListener('pagehide', onClosed);
    const timer = target.setTimeout(() => target.print(), 100);
    return () => { target.clearTimeout(timer); target.removeEventListener('pagehide', onClosed); };
  }, [target]); // eslint-disable-line react-hooks/exhaustive-deps
  return createPortal(<RosterSheet {...sheet} />, target.document.body);
}
