import { ELEAGUE_MESSAGES } from '../../../../core/api/eleagues';
import { registerMessages } from '../../../kit/i18n/areas';

// The /eplayer look-up (spec 1 §2's route table: a query parameter holding a gamertag).

export const en = {
  eplayer_page: {
    search: 'Gamertag or console id', find: 'Search', none: 'No e-player found.', leagues: 'E-leagues', save: 'Save', saved: 'E-player saved',
    console_id: 'Console id', console: 'Console', discord: 'Discord name', customer: 'Customer', email: 'E-mail', results: 'E-players found',
    console_required: ELEAGUE_MESSAGES.consoleId,
  },
};

export const es = {
  eplayer_page: {
    search: 'Gamertag o id de consola', find: 'Buscar', none: 'No se encontró ningún jugador.', leagues: 'E-ligas', save: 'Guardar', saved: 'Jugador guardado',
    console_id: 'Id de consola', console: 'Consola', discord: 'Nombre en Discord', customer: 'Cliente', email: 'Correo', results: 'Jugadores encontrados',
    console_required: 'escriba el gamertag o el id de consola',
  },
};

registerMessages({ en, es });
