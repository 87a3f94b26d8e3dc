import { registerMessages } from '../../i18n/areas';

// The standings table's headings (a league's Standings tab, a team's Schedule & Standings tab).

export const en = {
  standings_table: {
    columns: { rank: '#', team: 'Team', games: 'GP', won: 'W', draw: 'D', lost: 'L', gf: 'GF', ga: 'GA', gd: 'GD', points: 'Pts' },
    group: 'Group',
  },
};

export const es: typeof en = {
  standings_table: {
    columns: { rank: '#', team: 'Equipo', games: 'PJ', won: 'G', draw: 'E', lost: 'P', gf: 'GF', ga: 'GC', gd: 'DG', points: 'Pts' },
    group: 'Grupo',
  },
};

registerMessages({ en, es });
