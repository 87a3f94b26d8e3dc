import { LEAGUE_MESSAGES } from '../../core/validation/leagues';
import { registerMessages } from '../../src/kit/i18n/areas';

// Leagues, tournaments, seasons and rollover (spec 3 §2.3–2.6, §2.10, §2.11, §8): the spec's messages
// word for word (core/validation/leagues.ts).

const m = LEAGUE_MESSAGES;

export const en = {
  leagues: {
    title: 'Leagues', filter: 'Filter', facility: 'Facility', active: 'Active', yes: 'Yes', no: 'No', any: 'Any', min_start: 'Start date from',
    max_end: 'End date until', product_type: 'Product type', search: 'Search', add_league: 'Add new league', add_tournament: 'Add new tournament',
    hide_paid: 'Hide paid', count: '%{count} leagues', team_count: '%{count} teams', export_hubspot: 'Export hubspot',
    types: { 3: 'Adult Leagues', 4: 'Adult Tournament', 8: 'Youth League', 9: 'Youth Tournament' },
    columns: { name: 'Name', details: 'Details', facility: 'Facility', start: 'Start date', end: 'End date', age_group: 'Age group', gender: 'Gender', teams: '# of teams', price: 'Full price', actions: 'Actions' },
    details: { available_online: 'Available online', display_schedule: 'Display schedule', deposit: 'Deposit enabled', individual: 'Individual enabled' },
    open: 'Open in a new tab', duplicate: 'Duplicate', delete: 'Delete', delete_confirm: 'Delete the league %{name}?', deleted: 'League deleted',
    dialog: {
      create: 'Create league', edit: 'Edit league', edit_tournament: 'Edit tournament', product_option: '%{name} — %{price}', duplicate: 'Duplicate league', tournament: 'Create tournament', name: 'Name', description: 'Online description',
      facility: 'Facility', product: 'Product', age_group: 'Age group', gender: 'Gender', start: 'Start date', end: 'End date',
      registration_start: 'Registration start', registration_end: 'Registration end', early_bird_start: 'Early bird start', early_bird_end: 'Early bird end',
      max_teams: 'Max number of teams', max_players: 'Max players per team (online joins)', duration: 'Match duration', color: 'Color', container: 'Season (contains age groups)',
      enable_deposit: 'Enable deposit', enable_individual: 'Enable individual registration', display_schedule: 'Display standings/schedules online',
      available_online: 'Available for online registration', require_membership: 'Require membership', enable_early_bird: 'Enable early bird', saved: 'League saved',
    },
    page: {
      parent: 'Go to League Season', tournament: 'Go to tournament', closed: 'Closed registration', starts_in: 'starts in %{smart_count} day |||| starts in %{smart_count} days',
      running: 'running', ended: 'ended', tabs: { teams: 'Teams', eplayers: 'E-players', age_groups: 'Age groups', schedule: 'Schedule', playoffs: 'Play-offs', standings: 'Standings', settings: 'Settings' },
      add_team: 'Add new', rollover_teams: 'Rollover Teams', edit_page: 'Edit on its own page', broadcast: 'Broadcast message', hubspot: 'Create hubspot list',
      summary: { balance: 'Balance', count: 'Teams', expected: 'Expected', paid: 'Paid' },
      team_columns: { order: 'Order', name: 'Team', captain: 'Captain', players: 'Players', invoiced: 'Invoiced', paid: 'Paid', balance: 'Balance', actions: 'Actions' },
      up: 'Move up', down: 'Move down', remove_team: 'Remove from league', remove_confirm: 'Remove %{name} from this league?', open_team: 'Open team', open_invoice: 'Open invoice',
      division_columns: { name: 'Name', teams: '# of teams', action: 'Action' }, add_age_group: 'Add age group', age_group_name: 'Name',
      rollover: 'Rollover', rolled_over: 'Go to the Rolled-Over League', complete: 'Complete Rollover', complete_confirm: 'Complete the rollover of this league?',
      pending: 'Rollover pending', open_division: 'Open in a new tab', delete_division: 'Delete', no_teams: 'No teams yet: add one with Add new.', online: 'Online', no_divisions: 'No age groups yet: add one with Add age group, then its teams.', tournament_leagues: 'Divisions',
    },
    add_team: {
      title: 'Add team to league', existing: 'Existing team', new: 'New team', team: 'Team', name: 'Team name', color: 'Color', fee: 'Fee',
      full: 'Full price $%{price}', early_bird: 'Early bird $%{price} (save $%{discount})', teams_left: '%{count} teams left', added: 'Team added',
      valid_fee: m.validFee, valid_team_name: m.validTeamName, valid_team: m.validTeam, max_teams: m.maxTeams,
    },
    rollover: {
      title: 'Rollover', tabs: { season: 'Season', settings: 'Settings', dates: 'Dates', name: 'Name', divisions: 'Divisions', save: 'Save' },
      season: 'Season', year: 'Year', previous: 'See previous settings', product: 'Product', age_group: 'Age group', adult: 'Adult', youth: 'Youth',
      description: 'Online description', description_hint: 'Check for necessary changes in the description', max_teams: 'Max number of teams', duration: 'Match duration',
      color: 'Color', name: 'Name', divisions: 'Choose the divisions (and their teams) to carry over', prev: 'Prev', next: 'Next', save: 'Save',
      confirm: 'The rollover takes a few minutes: the new season, its divisions and the chosen teams\' sign-ups with their invoices are created.',
      early_bird_fee: 'Bill the carried-over teams the early-bird fee (the early bird runs until %{date})',
      empty: 'Rollover Empty', product_label: '%{name} — full $%{full}, deposit $%{deposit}, early bird $%{early}',
      fill_dates: m.fillDates, select_division: m.selectDivision, select_product: m.selectProduct, select_age_group: m.selectAgeGroup, dates_order: m.datesOrder,
    },
  },
};

export const es = {
  leagues: {
    title: 'Ligas', filter: 'Filtrar', facility: 'Sede', active: 'Activa', yes: 'Sí', no: 'No', any: 'Todas', min_start: 'Inicio desde',
    max_end: 'Fin hasta', product_type: 'Tipo de producto', search: 'Buscar', add_league: 'Nueva liga', add_tournament: 'Nuevo torneo',
    hide_paid: 'Ocultar pagadas', count: '%{count} ligas', team_count: '%{count} equipos', export_hubspot: 'Exportar a hubspot',
    types: { 3: 'Ligas adultas', 4: 'Torneo adulto', 8: 'Liga juvenil', 9: 'Torneo juvenil' },
    columns: { name: 'Nombre', details: 'Detalles', facility: 'Sede', start: 'Inicio', end: 'Fin', age_group: 'Grupo de edad', gender: 'Género', teams: 'N.º de equipos', price: 'Precio completo', actions: 'Acciones' },
    details: { available_online: 'Disponible en línea', display_schedule: 'Calendario visible', deposit: 'Depósito activado', individual: 'Individual activado' },
    open: 'Abrir en una pestaña nueva', duplicate: 'Duplicar', delete: 'Eliminar', delete_confirm: '¿Eliminar la liga %{name}?', deleted: 'Liga eliminada',
    dialog: {
      create: 'Crear liga', edit: 'Editar liga', edit_tournament: 'Editar torneo', product_option: '%{name} — %{price}', duplicate: 'Duplicar liga', tournament: 'Crear torneo', name: 'Nombre', description: 'Descripción en línea',
      facility: 'Sede', product: 'Producto', age_group: 'Grupo de edad', gender: 'Género', start: 'Inicio', end: 'Fin',
      registration_start: 'Inicio de inscripción', registration_end: 'Fin de inscripción', early_bird_start: 'Inicio del precio anticipado', early_bird_end: 'Fin del precio anticipado',
      max_teams: 'Máximo de equipos', max_players: 'Máximo de jugadores por equipo (inscripción en línea)', duration: 'Duración del partido', color: 'Color', container: 'Temporada (contiene grupos de edad)',
      enable_deposit: 'Activar depósito', enable_individual: 'Activar inscripción individual', display_schedule: 'Mostrar clasificación y calendario en línea',
      available_online: 'Disponible para inscripción en línea', require_membership: 'Requiere membresía', enable_early_bird: 'Activar precio anticipado', saved: 'Liga guardada',
    },
    page: {
      parent: 'Ir a la temporada', tournament: 'Ir al torneo', closed: 'Inscripción cerrada', starts_in: 'empieza en %{smart_count} día |||| empieza en %{smart_count} días',
      running: 'en curso', ended: 'terminada', tabs: { teams: 'Equipos', eplayers: 'Jugadores', age_groups: 'Grupos de edad', schedule: 'Calendario', playoffs: 'Eliminatorias', standings: 'Clasificación', settings: 'Ajustes' },
      add_team: 'Añadir', rollover_teams: 'Pasar equipos', edit_page: 'Editar en su propia página', broadcast: 'Enviar mensaje', hubspot: 'Crear lista de hubspot',
      summary: { balance: 'Saldo', count: 'Equipos', expected: 'Esperado', paid: 'Pagado' },
      team_columns: { order: 'Orden', name: 'Equipo', captain: 'Capitán', players: 'Jugadores', invoiced: 'Facturado', paid: 'Pagado', balance: 'Saldo', actions: 'Acciones' },
      up: 'Subir', down: 'Bajar', remove_team: 'Quitar de la liga', remove_confirm: '¿Quitar %{name} de esta liga?', open_team: 'Abrir equipo', open_invoice: 'Abrir factura',
      division_columns: { name: 'Nombre', teams: 'N.º de equipos', action: 'Acción' }, add_age_group: 'Añadir grupo de edad', age_group_name: 'Nombre',
      rollover: 'Renovar temporada', rolled_over: 'Ir a la liga renovada', complete: 'Completar renovación', complete_confirm: '¿Completar la renovación de esta liga?',
      pending: 'Renovación pendiente', open_division: 'Abrir en una pestaña nueva', delete_division: 'Eliminar', no_teams: 'Sin equipos todavía: añada uno con Añadir.', online: 'En línea', no_divisions: 'Aún no hay grupos de edad: añada uno con Añadir grupo de edad y luego sus equipos.', tournament_leagues: 'Divisiones',
    },
    add_team: {
      title: 'Añadir equipo a la liga', existing: 'Equipo existente', new: 'Equipo nuevo', team: 'Equipo', name: 'Nombre del equipo', color: 'Color', fee: 'Cuota',
      full: 'Precio completo $%{price}', early_bird: 'Precio anticipado $%{price} (ahorro $%{discount})', teams_left: 'Quedan %{count} plazas', added: 'Equipo añadido',
      valid_fee: 'Seleccione una cuota válida', valid_team_name: 'Escriba un nombre de equipo válido', valid_team: 'Seleccione un equipo válido', max_teams: 'Se alcanzó el máximo de equipos',
    },
    rollover: {
      title: 'Renovar temporada', tabs: { season: 'Temporada', settings: 'Ajustes', dates: 'Fechas', name: 'Nombre', divisions: 'Divisiones', save: 'Guardar' },
      season: 'Temporada', year: 'Año', previous: 'Ver ajustes anteriores', product: 'Producto', age_group: 'Grupo de edad', adult: 'Adulto', youth: 'Juvenil',
      description: 'Descripción en línea', description_hint: 'Revise si la descripción necesita cambios', max_teams: 'Máximo de equipos', duration: 'Duración del partido',
      color: 'Color', name: 'Nombre', divisions: 'Elija las divisiones (y sus equipos) que continúan', prev: 'Anterior', next: 'Siguiente', save: 'Guardar',
      confirm: 'La renovación tarda unos minutos: se crean la temporada nueva, sus divisiones y las inscripciones de los equipos elegidos con sus facturas.',
      early_bird_fee: 'Facturar a los equipos renovados el precio anticipado (vigente hasta el %{date})',
      empty: 'Renovar vacía', product_label: '%{name} — completo $%{full}, depósito $%{deposit}, precio anticipado $%{early}',
      fill_dates: 'Complete todas las fechas', select_division: 'Seleccione al menos una división', select_product: 'Seleccione un producto',
      select_age_group: 'Seleccione un grupo de edad (adulto o juvenil)', dates_order: 'Las fechas de fin deben ser posteriores a las de inicio',
    },
  },
};

registerMessages({ en, es });
