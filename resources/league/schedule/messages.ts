import { STANDINGS_LEGEND } from '../../../core/schedule/standings';
import { SCHEDULE_MESSAGES } from '../../../core/validation/schedule';
import { registerMessages } from '../../../src/kit/i18n/areas';

// The league page's Schedule, Play-offs and Standings tabs (spec 3 §2.7–2.9, §4; issue 25).

export const en = {
  league_schedule: {
    steps: { settings: 'Schedule settings', confirmation: 'Confirmation', review: 'Scheduled matches' },
    table: 'Schedule', back: 'Back', next: 'Next', build: 'Build Schedule', save: 'Save matches', check: 'Check', saved: 'Matches saved',
    start_date: 'Start date', games: 'Games per team', games_hint: '7 or 10 guaranteed games per team including playoffs', duration: 'Match duration (minutes)',
    teams: 'Teams', slots: 'Slots', add_slot: 'Add slot', remove_slot: 'Remove slot', field: 'Field', weekday: 'Weekday', start_time: 'Start time', end_time: 'End time',
    weekdays: { 0: 'Sunday', 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday' },
    confirm_line: '%{games} games per team for %{teams} teams, %{duration}-minute matches, from %{date}',
    columns: { round: 'Round', week: 'Week', date: 'Date', time: 'Time', field: 'Field', home: 'Home', away: 'Away', score: 'Score', status: 'Status', type: 'Type', group: 'Group', actions: 'Actions' },
    status: { ok: 'OK', taken: 'Taken', to_check: 'To check', bye: 'Bye', conflict: 'Conflict', double: 'Double-header', outside: 'Outside the dates' },
    bye: 'Bye', tbd: 'TBD', friendly: 'Friendly', regular: 'Regular', playoffs: 'Play-offs',
    needs_check: 'Check the rows marked To check, and move or remove the Taken ones, before saving.',
    legend: 'Red: the field is taken or a team plays twice at once. Amber: a team\'s second game in a week (double-header). Green: a friendly.',
    add_manual: 'Add manual game', delete_all: 'Delete all games', delete_all_confirm: 'Delete all %{count} games of this schedule, with their bookings?',
    print: 'Print Schedule', edit: 'Edit', delete: 'Delete game', delete_confirm: 'Delete this game and its booking?', no_show: 'No-show',
    no_show_none: 'Both showed', no_show_home: 'Home did not show', no_show_away: 'Away did not show', remove_row: 'Remove from the schedule',
    manual_title: 'Add manual game', edit_title: 'Edit game', when: 'Date and time', type: 'Type', comment: 'Comment',
    home_score: 'Home score', away_score: 'Away score', empty: 'No games yet.', byes_note: 'A bye is shown, never saved or booked.',
    within_dates: 'Games are played within the league\'s dates, %{first} to %{last}',
    shortfall: '%{games} of the %{wanted} games do not fit between %{first} and %{last} and are not in this schedule:',
    shortfall_reasons: {
      slots: 'the slots on those dates hold %{cells} games. Add slots or fields, make them longer, or ask fewer games per team.',
      one_a_day: 'a team plays one game a day, and the %{days} slot days between the dates cannot hold every round. Add slot days, or ask fewer games per team.',
      at_once: 'a team never plays two games at once, and the slots\' kick-off times cannot hold every team\'s games. Make the slots longer, add days, or ask fewer games per team.',
    },
    shortfall_teams: 'Games missing per team: %{teams}.',
    extra_game: '%{team} plays %{count} games, one more than the %{games} asked: with an odd number of teams and an odd number of games per team, the games cannot be shared out evenly.',
    not_started: 'Not started: scores from kick-off',
    ...SCHEDULE_MESSAGES,
  },
  standings: {
    columns: { rank: '#', team: 'Team', games: 'GP', won: 'W', draw: 'D', lost: 'L', gf: 'GF', ga: 'GA', gd: 'GD', points: 'Pts' },
    table: 'Standings', group: 'Group', all: 'All groups', empty: 'No teams yet.', legend: STANDINGS_LEGEND,
  },
  playoffs: {
    table: 'Play-offs', first_round: 'First round', duration: 'Match duration (minutes)', round: 'Round', field: 'Field', start: 'First kick-off',
    pre_generate: 'Pre-Generate', save: 'Save', back: 'Back', rebuild: 'Rebuild', delete: 'Delete', print: 'Print',
    rebuild_confirm: 'Rebuild the play-offs? The bracket and its scores are deleted.', delete_confirm: 'Delete the play-offs and their bookings?',
    saved: 'Play-offs saved', review: 'Check each match\'s field before saving.',
    levels: { 16: 'Round of 16', 8: 'Quarter final', 4: 'Semi final', 2: 'Final' },
  },
};

export const es = {
  league_schedule: {
    steps: { settings: 'Ajustes del calendario', confirmation: 'Confirmación', review: 'Partidos programados' },
    table: 'Calendario', back: 'Atrás', next: 'Siguiente', build: 'Crear calendario', save: 'Guardar partidos', check: 'Comprobar', saved: 'Partidos guardados',
    start_date: 'Fecha de inicio', games: 'Partidos por equipo', games_hint: '7 o 10 partidos garantizados por equipo, incluidos los play-offs', duration: 'Duración del partido (minutos)',
    teams: 'Equipos', slots: 'Franjas', add_slot: 'Añadir franja', remove_slot: 'Quitar franja', field: 'Campo', weekday: 'Día', start_time: 'Hora de inicio', end_time: 'Hora de fin',
    weekdays: { 0: 'Domingo', 1: 'Lunes', 2: 'Martes', 3: 'Miércoles', 4: 'Jueves', 5: 'Viernes', 6: 'Sábado' },
    confirm_line: '%{games} partidos por equipo para %{teams} equipos, partidos de %{duration} minutos, desde el %{date}',
    columns: { round: 'Jornada', week: 'Semana', date: 'Fecha', time: 'Hora', field: 'Campo', home: 'Local', away: 'Visitante', score: 'Resultado', status: 'Estado', type: 'Tipo', group: 'Grupo', actions: 'Acciones' },
    status: { ok: 'OK', taken: 'Ocupado', to_check: 'Por comprobar', bye: 'Descanso', conflict: 'Conflicto', double: 'Doble partido', outside: 'Fuera de las fechas' },
    bye: 'Descanso', tbd: 'Por decidir', friendly: 'Amistoso', regular: 'Liga', playoffs: 'Play-offs',
    needs_check: 'Compruebe las filas marcadas Por comprobar y mueva o quite las ocupadas antes de guardar.',
    legend: 'Rojo: el campo está ocupado o un equipo juega dos veces a la vez. Ámbar: segundo partido de un equipo en la semana. Verde: un amistoso.',
    add_manual: 'Añadir partido', delete_all: 'Borrar todos los partidos', delete_all_confirm: '¿Borrar los %{count} partidos de este calendario, con sus reservas?',
    print: 'Imprimir calendario', edit: 'Editar', delete: 'Borrar partido', delete_confirm: '¿Borrar este partido y su reserva?', no_show: 'No presentado',
    no_show_none: 'Se presentaron ambos', no_show_home: 'El local no se presentó', no_show_away: 'El visitante no se presentó', remove_row: 'Quitar del calendario',
    manual_title: 'Añadir partido', edit_title: 'Editar partido', when: 'Fecha y hora', type: 'Tipo', comment: 'Comentario',
    home_score: 'Goles local', away_score: 'Goles visitante', empty: 'Aún no hay partidos.', byes_note: 'Un descanso se muestra, nunca se guarda ni se reserva.',
    within_dates: 'Los partidos se juegan dentro de las fechas de la liga, del %{first} al %{last}',
    shortfall: '%{games} de los %{wanted} partidos no caben entre el %{first} y el %{last} y no están en este calendario:',
    shortfall_reasons: {
      slots: 'las franjas de esas fechas admiten %{cells} partidos. Añada franjas o campos, alárguelas o pida menos partidos por equipo.',
      one_a_day: 'un equipo juega un partido al día, y los %{days} días con franjas entre las fechas no admiten todas las jornadas. Añada días con franjas o pida menos partidos por equipo.',
      at_once: 'un equipo nunca juega dos partidos a la vez, y las horas de inicio de las franjas no admiten todos los partidos de cada equipo. Alargue las franjas, añada días o pida menos partidos por equipo.',
    },
    shortfall_teams: 'Partidos que faltan por equipo: %{teams}.',
    extra_game: '%{team} juega %{count} partidos, uno más de los %{games} pedidos: con un número impar de equipos y de partidos por equipo, los partidos no se reparten por igual.',
    not_started: 'Sin empezar: resultados desde el inicio del partido',
    tournamentMismatch: 'is_tournament no coincide con la liga: compruebe el league_id',
    playoffPlaceTaken: 'Este partido de play-off ya existe: introduzca su resultado o borre los play-offs para rehacerlos',
    teamNotInLeague: 'Un equipo del calendario no está en esta liga: añádalo primero en la pestaña Equipos',
    sameTeam: 'Un equipo no puede jugar contra sí mismo: elija dos equipos distintos',
    fieldOfOtherFacility: 'Elija un campo de la sede de la liga',
    notALeague: 'Los calendarios se crean para ligas y divisiones de torneo, no para temporadas: abra uno de sus grupos de edad',
    playoffsExist: 'Esta liga ya tiene play-offs: bórrelos antes de generar otros',
    noPlayoffs: 'Esta liga no tiene play-offs',
    tooFewTeams: 'La liga necesita al menos dos equipos para crear un calendario',
    byeNotSaved: 'Un descanso no es un partido: nunca se guarda ni se reserva',
    playoffTeams: 'Los equipos de play-off siguen el cuadro: introduzca los resultados',
    nothingToSave: 'No hay partidos que guardar',
  },
  standings: {
    columns: { rank: '#', team: 'Equipo', games: 'PJ', won: 'G', draw: 'E', lost: 'P', gf: 'GF', ga: 'GC', gd: 'DG', points: 'Pts' },
    table: 'Clasificación', group: 'Grupo', all: 'Todos los grupos', empty: 'Aún no hay equipos.',
    legend: 'Se ordena por puntos (3 por victoria, 1 por empate; un equipo que no se presenta pierde 0–3). '
      + 'Los empatados a puntos se ordenan por los partidos entre ellos: puntos, diferencia de goles y goles marcados en esos partidos; '
      + 'si eso separa a algunos pero no a todos, se aplica de nuevo a los partidos entre los que siguen empatados. '
      + 'Después, diferencia de goles, goles marcados y nombre. Los amistosos y los play-offs no cuentan.',
  },
  playoffs: {
    table: 'Play-offs', first_round: 'Primera ronda', duration: 'Duración del partido (minutos)', round: 'Ronda', field: 'Campo', start: 'Primer saque',
    pre_generate: 'Pre-generar', save: 'Guardar', back: 'Atrás', rebuild: 'Rehacer', delete: 'Borrar', print: 'Imprimir',
    rebuild_confirm: '¿Rehacer los play-offs? Se borran el cuadro y sus resultados.', delete_confirm: '¿Borrar los play-offs y sus reservas?',
    saved: 'Play-offs guardados', review: 'Compruebe el campo de cada partido antes de guardar.',
    levels: { 16: 'Octavos de final', 8: 'Cuartos de final', 4: 'Semifinal', 2: 'Final' },
  },
};

registerMessages({ en, es });
