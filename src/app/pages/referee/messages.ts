import { REFEREE_MESSAGES } from '../../../../core/api/referees';
import { registerMessages } from '../../../kit/i18n/areas';

// Referee assignment (spec 3 §2.17, §8): the spec's messages word for word (core/api/referees.ts).

export const en = {
  referees: {
    start: 'Start date', end: 'End date', facility: 'Facility', field: 'Field', any: 'Any', assigned: 'Game assigned', yes: 'Ref assigned', no: 'Ref unassigned',
    search: 'Search', assign: 'Assign Referee', select: 'Select', none: 'No matches in these dates.',
    columns: { facility: 'Facility', league: 'League', match: 'Match', referee: 'Referee', date: 'Date' },
    dialog: { title: 'Assign Referee', referee: 'Select Referee', submit: 'Assign' },
    assigned_ok: 'Referee assigned', select_valid: REFEREE_MESSAGES.selectValid,
  },
};

export const es = {
  referees: {
    start: 'Desde', end: 'Hasta', facility: 'Sede', field: 'Campo', any: 'Todos', assigned: 'Partido asignado', yes: 'Con árbitro', no: 'Sin árbitro',
    search: 'Buscar', assign: 'Asignar árbitro', select: 'Seleccionar', none: 'No hay partidos en estas fechas.',
    columns: { facility: 'Sede', league: 'Liga', match: 'Partido', referee: 'Árbitro', date: 'Fecha' },
    dialog: { title: 'Asignar árbitro', referee: 'Elegir árbitro', submit: 'Asignar' },
    assigned_ok: 'Árbitro asignado', select_valid: 'Seleccione partidos válidos y un árbitro',
  },
};

registerMessages({ en, es });
