import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { registerMessages } from '../../src/kit/i18n/areas';

// Teams and rosters (spec 3 §2.13, §2.14, §8): the spec's messages word for word (core/validation/leagues.ts).

const m = LEAGUE_MESSAGES;

export const en = {
  teams: {
    title: 'Teams', filter: 'Filter team', facility: 'Facility', age_group: 'Age Group', any: 'Any', adult: 'Adult', youth: 'Youth', add: 'Add new',
    export_hubspot: 'Export hubspot', create_title: 'Create new team', edit_title: 'Edit team', name: 'Name', color: 'Color', created: 'Team created',
    columns: { name: 'Name', captain: 'Captain', age_group: 'Age group', facility: 'Facility', players: '# of players', action: 'Action' },
    open: 'Open team',
    page: {
      edit_name: 'Edit Team Name', public_link: 'View Team public link', lock: 'Lock Roster',
      tabs: { players: 'Players', schedule: 'Schedule & Standings', invoices: 'Invoices' },
      players: { name: 'Full Name', picture: 'Picture', membership: 'Membership', dob: 'DoB', age: 'Age', actions: 'Actions', coach: '(coach)', captain: '(C)', paid: 'Paid %{amount}', online: 'Online' },
      add_player: 'Add player', make_captain: 'Make captain', open_customer: 'Open customer', remove: 'Remove player', move: 'Move player to another team',
      remove_confirm: 'Remove %{name} from the team?', move_confirm: 'Move %{name} to %{team}? Their payments move with them.', member: 'Active membership', not_member: 'No active membership',
      summary: { players: 'Players', league: 'League', start: 'Start date', balance: 'Balance', suspended: 'Suspended players', invoice: 'View invoice', total_balance: 'Total balance', tournament: 'Tournament', change_league: 'Change league', add_league: 'Add to league', broadcast: 'Broadcast message', delete: 'Delete Team' },
      delete_confirm: 'Delete the team %{name}?', deleted: 'Team deleted', no_league: 'No current league', no_players: 'No players yet: add the first with Add player (they become captain).',
      invoices: { no: 'No', date: 'Date', league: 'League', product: 'Product', invoiced: 'Invoiced', paid: 'Paid', balance: 'Balance', action: 'Action' },
      schedule: {
        columns: { week: 'Week', date: 'Date', time: 'Time', home: 'Home', away: 'Away', score: 'Score' },
        games_of: 'Games: %{league}', standings_of: 'Standings: %{league}', standings: 'Standings',
        none: 'No league or tournament yet: add the team to one (Add to league), then build its schedule.',
        no_games: 'No games yet: they appear once the league\'s schedule is built.', no_standings: 'No standings yet.',
      },
      change_league: { title: 'Change league', facility: 'Facility', kind: 'Leagues or Tournaments', leagues: 'Leagues', tournaments: 'Tournaments', league: 'League / tournament', division: 'Division', confirm: 'Move %{team} to %{league}?', fee: 'Fee', full: 'Full price $%{price}', early_bird: 'Early bird $%{price} (save $%{discount})' },
      change_team: {
        title: 'Change player team', team: 'Team',
        payment_too_big: 'Failed to move payment ID %{id}: $%{amount} paid, but invoice #%{target} of %{team} has only $%{balance} left to pay. Refund or revert the payment on invoice #%{source} first, move the player, then take what %{team} owes on invoice #%{target}.',
      },
      saved: 'Update successful',
    },
    public: {
      not_found: 'This team link is not valid. Ask the facility for a new one.', subscribe: 'Add to my calendar', download: 'Download calendar (.ics)',
      players: 'Players', schedule: 'Schedule and results', standings_of: 'Standings: %{league}', no_matches: 'No games scheduled yet.', bye: 'Bye', tbd: 'To be decided',
      columns: { date: 'Date', league: 'League', field: 'Field', home: 'Home', away: 'Away', score: 'Score', rank: '#', team: 'Team', games: 'P', won: 'W', draw: 'D', lost: 'L', gf: 'GF', ga: 'GA', gd: 'GD', points: 'Pts' },
      renew: 'New public link', renew_confirm: 'Give %{name} a new public link? The current link and calendar feed stop working.', renewed: 'The team has a new public link',
    },
    valid_team_name: m.validTeamName, valid_team: m.validTeam, target_no_invoice: m.targetNoInvoice, no_parent: m.noParent, roster_locked: m.rosterLocked,
  },
};

export const es = {
  teams: {
    title: 'Equipos', filter: 'Filtrar equipo', facility: 'Sede', age_group: 'Grupo de edad', any: 'Todos', adult: 'Adulto', youth: 'Juvenil', add: 'Añadir',
    export_hubspot: 'Exportar a hubspot', create_title: 'Crear equipo', edit_title: 'Editar equipo', name: 'Nombre', color: 'Color', created: 'Equipo creado',
    columns: { name: 'Nombre', captain: 'Capitán', age_group: 'Grupo de edad', facility: 'Sede', players: 'N.º de jugadores', action: 'Acción' },
    open: 'Abrir equipo',
    page: {
      edit_name: 'Editar nombre del equipo', public_link: 'Ver enlace público del equipo', lock: 'Bloquear plantilla',
      tabs: { players: 'Jugadores', schedule: 'Calendario y clasificación', invoices: 'Facturas' },
      players: { name: 'Nombre completo', picture: 'Foto', membership: 'Membresía', dob: 'Nacimiento', age: 'Edad', actions: 'Acciones', coach: '(entrenador)', captain: '(C)', paid: 'Pagado %{amount}', online: 'En línea' },
      add_player: 'Añadir jugador', make_captain: 'Nombrar capitán', open_customer: 'Abrir cliente', remove: 'Quitar jugador', move: 'Mover a otro equipo',
      remove_confirm: '¿Quitar a %{name} del equipo?', move_confirm: '¿Mover a %{name} a %{team}? Sus pagos se mueven con él.', member: 'Membresía activa', not_member: 'Sin membresía activa',
      summary: { players: 'Jugadores', league: 'Liga', start: 'Inicio', balance: 'Saldo', suspended: 'Jugadores suspendidos', invoice: 'Ver factura', total_balance: 'Saldo total', tournament: 'Torneo', change_league: 'Cambiar de liga', add_league: 'Añadir a una liga', broadcast: 'Enviar mensaje', delete: 'Eliminar equipo' },
      delete_confirm: '¿Eliminar el equipo %{name}?', deleted: 'Equipo eliminado', no_league: 'Sin liga actual', no_players: 'Aún no hay jugadores: añada el primero con Añadir jugador (será el capitán).',
      invoices: { no: 'N.º', date: 'Fecha', league: 'Liga', product: 'Producto', invoiced: 'Facturado', paid: 'Pagado', balance: 'Saldo', action: 'Acción' },
      schedule: {
        columns: { week: 'Semana', date: 'Fecha', time: 'Hora', home: 'Local', away: 'Visitante', score: 'Resultado' },
        games_of: 'Partidos: %{league}', standings_of: 'Clasificación: %{league}', standings: 'Clasificación',
        none: 'Aún sin liga ni torneo: añada el equipo a uno (Añadir a una liga) y cree su calendario.',
        no_games: 'Aún no hay partidos: aparecen cuando se crea el calendario de la liga.', no_standings: 'Aún no hay clasificación.',
      },
      change_league: { title: 'Cambiar de liga', facility: 'Sede', kind: 'Ligas o torneos', leagues: 'Ligas', tournaments: 'Torneos', league: 'Liga / torneo', division: 'División', confirm: '¿Mover %{team} a %{league}?', fee: 'Cuota', full: 'Precio completo $%{price}', early_bird: 'Precio anticipado $%{price} (ahorro $%{discount})' },
      change_team: {
        title: 'Cambiar de equipo', team: 'Equipo',
        payment_too_big: 'No se pudo mover el pago ID %{id}: se pagaron $%{amount}, pero a la factura #%{target} de %{team} solo le quedan $%{balance} por pagar. Reembolse o revierta primero el pago en la factura #%{source}, mueva al jugador y cobre luego lo que %{team} debe en la factura #%{target}.',
      },
      saved: 'Actualizado',
    },
    public: {
      not_found: 'Este enlace de equipo no es válido. Pida uno nuevo a la sede.', subscribe: 'Añadir a mi calendario', download: 'Descargar calendario (.ics)',
      players: 'Jugadores', schedule: 'Calendario y resultados', standings_of: 'Clasificación: %{league}', no_matches: 'Aún no hay partidos.', bye: 'Descanso', tbd: 'Por decidir',
      columns: { date: 'Fecha', league: 'Liga', field: 'Campo', home: 'Local', away: 'Visitante', score: 'Resultado', rank: '#', team: 'Equipo', games: 'PJ', won: 'G', draw: 'E', lost: 'P', gf: 'GF', ga: 'GC', gd: 'DG', points: 'Pts' },
      renew: 'Nuevo enlace público', renew_confirm: '¿Dar a %{name} un nuevo enlace público? El enlace actual y el calendario dejan de funcionar.', renewed: 'El equipo tiene un nuevo enlace público',
    },
    valid_team_name: 'Escriba un nombre de equipo válido', valid_team: 'Seleccione un equipo válido', target_no_invoice: 'El equipo de destino no tiene factura: no se puede mover el pago del jugador',
    no_parent: 'El niño seleccionado no tiene un padre registrado', roster_locked: 'La plantilla de este equipo está bloqueada: solo un administrador puede añadir jugadores',
  },
};

registerMessages({ en, es });
