import { ELEAGUE_MESSAGES } from '../../../core/api/eleagues';
import { registerMessages } from '../../../src/kit/i18n/areas';

// The e-league variant of the league page (spec 3 §2.5, §4; issue 27): players, the day's panel,
// e-matches, their schedule, standings and play-offs. Our own messages: core/api/eleagues.ts.

export const en = {
  eleague: {
    players_title: 'E-players', no_players: 'No players signed up yet.', remove: 'Remove from the e-league', remove_confirm: 'Take %{name} out of this e-league?',
    columns: { console_id: 'Console id', console: 'Console', discord: 'Discord name', customer: 'Customer', email: 'E-mail', actions: 'Actions' },
    day: { title: "The day's matches", date: 'Day', send: 'Send by e-mail', no_shows: 'No-shows', sent: 'Match list sent to %{smart_count} player |||| Match list sent to %{smart_count} players',
      sent_done: 'The match list of this day was sent.', no_shows_done: "This day's no-shows were recorded.", recorded: '%{smart_count} no-show recorded |||| %{smart_count} no-shows recorded',
      none: 'No matches on this day.', checked_in: 'Checked in', hint: 'Tick who checked in; No-shows then gives each match where only one player checked in to that player, 3–0.' },
    matches: { title: 'E-matches', date: 'Date', time: 'Time', home: 'Home', away: 'Away', score: 'Score', round: 'Round', empty: 'No e-matches yet.', home_score: 'Home score', away_score: 'Away score', regular: 'Regular' },
    schedule: { title: 'Build the schedule', start_date: 'Start date', games: 'Games per player', duration: 'Match duration (minutes)', weekday: 'Weekday', start_time: 'Start time', end_time: 'End time',
      consoles: 'Consoles', build: 'Build Schedule', built: '%{smart_count} e-match scheduled |||| %{smart_count} e-matches scheduled', hint: 'A fair round robin of the players, one console per match.' },
    playoffs_empty: 'No play-off e-matches yet.',
    add_player: { title: 'Add e-player', submit: 'Sign up', added: 'E-player signed up',
      hint: "A customer who already has an e-player is signed up with it; for anyone else, give the console id and the console." },
    add_match: { title: 'Add e-match', submit: 'Add', added: 'E-match added', start: 'Date and time' },
    ...ELEAGUE_MESSAGES,
  },
};

export const es = {
  eleague: {
    players_title: 'Jugadores', no_players: 'Aún no hay jugadores inscritos.', remove: 'Quitar de la e-liga', remove_confirm: '¿Quitar a %{name} de esta e-liga?',
    columns: { console_id: 'Id de consola', console: 'Consola', discord: 'Nombre en Discord', customer: 'Cliente', email: 'Correo', actions: 'Acciones' },
    day: { title: 'Los partidos del día', date: 'Día', send: 'Enviar por correo', no_shows: 'No presentados', sent: 'Lista enviada a %{smart_count} jugador |||| Lista enviada a %{smart_count} jugadores',
      sent_done: 'La lista de este día ya se envió.', no_shows_done: 'Los no presentados de este día ya se registraron.', recorded: '%{smart_count} no presentado registrado |||| %{smart_count} no presentados registrados',
      none: 'No hay partidos este día.', checked_in: 'Presente', hint: 'Marque quién se presentó; No presentados da cada partido en que solo se presentó un jugador a ese jugador, 3–0.' },
    matches: { title: 'Partidos', date: 'Fecha', time: 'Hora', home: 'Local', away: 'Visitante', score: 'Resultado', round: 'Ronda', empty: 'Aún no hay partidos.', home_score: 'Goles local', away_score: 'Goles visitante', regular: 'Liga' },
    schedule: { title: 'Crear el calendario', start_date: 'Fecha de inicio', games: 'Partidos por jugador', duration: 'Duración del partido (minutos)', weekday: 'Día', start_time: 'Hora de inicio', end_time: 'Hora de fin',
      consoles: 'Consolas', build: 'Crear calendario', built: '%{smart_count} partido programado |||| %{smart_count} partidos programados', hint: 'Un todos contra todos equilibrado, una consola por partido.' },
    playoffs_empty: 'Aún no hay partidos de play-offs.',
    add_player: { title: 'Añadir jugador', submit: 'Inscribir', added: 'Jugador inscrito',
      hint: 'Un cliente que ya tiene jugador se inscribe con él; para cualquier otro, indique el id de consola y la consola.' },
    add_match: { title: 'Añadir partido', submit: 'Añadir', added: 'Partido añadido', start: 'Fecha y hora' },
    notELeague: 'Esta liga no es una e-liga',
    players: 'Elija dos jugadores distintos de esta e-liga',
    alreadySent: 'La lista de partidos del día ya se envió',
    alreadyNoShows: 'Los no presentados del día ya se registraron',
    noMatches: 'No hay partidos este día',
    scheduled: 'Esta e-liga ya tiene calendario',
    badKey: 'debe ser un ID de liga y un día, p. ej. 12-2026-11-27',
    consoleId: 'escriba el gamertag o el id de consola',
    console: 'elija la consola: PS4 o XBOX',
    alreadySignedUp: 'Este jugador ya está inscrito en esta e-liga',
    pickCustomer: 'Elija el cliente',
  },
};

registerMessages({ en, es });
