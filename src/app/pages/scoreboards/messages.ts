import { registerMessages } from '../../../kit/i18n/areas';

// The live scoreboards page (spec 1 §2). The spec quotes no message of this page.

export const en = {
  scoreboards: {
    facility: 'Facilities',
    status: 'Status',
    all: 'All',
    online: 'Online',
    offline: 'Offline',
    change_background: 'Change Background',
    background_changed: 'Background sent to %{smart_count} scoreboard |||| Background sent to %{smart_count} scoreboards',
    field: 'Field %{number} - %{name}',
    port: 'Port %{port}',
    no_game: 'No game',
    home: 'Home',
    away: 'Away',
    started: 'Started %{time}',
    reset: 'Reset',
    reset_title: 'Reset the scoreboard?',
    reset_confirm: 'The scoreboard of %{where} goes back to 0 – 0 and its game is cleared.',
    reset_confirm_game: 'The live score of %{where} (%{score}) is wiped: the board goes back to 0 – 0 and its game is cleared.',
    reset_done: 'Scoreboard of %{where} reset',
    download_qr: 'Download QR',
    none: 'No scoreboards match these filters',
    socket_failed: 'The live scoreboard connection failed; reconnecting…',
  },
};

export const es: typeof en = {
  scoreboards: {
    facility: 'Sedes',
    status: 'Estado',
    all: 'Todos',
    online: 'En línea',
    offline: 'Desconectado',
    change_background: 'Cambiar fondo',
    background_changed: 'Fondo enviado a %{smart_count} marcador |||| Fondo enviado a %{smart_count} marcadores',
    field: 'Cancha %{number} - %{name}',
    port: 'Puerto %{port}',
    no_game: 'Sin partido',
    home: 'Local',
    away: 'Visitante',
    started: 'Comenzó %{time}',
    reset: 'Reiniciar',
    reset_title: '¿Reiniciar el marcador?',
    reset_confirm: 'El marcador de %{where} vuelve a 0 – 0 y se borra su partido.',
    reset_confirm_game: 'Se borra el marcador en vivo de %{where} (%{score}): vuelve a 0 – 0 y se borra su partido.',
    reset_done: 'Marcador de %{where} reiniciado',
    download_qr: 'Descargar QR',
    none: 'Ningún marcador coincide con estos filtros',
    socket_failed: 'Falló la conexión en vivo con los marcadores; reconectando…',
  },
};

registerMessages({ en, es });
