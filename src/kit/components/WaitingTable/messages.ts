import { registerMessages } from '../../i18n/areas';

// The waitlist table of staff's pickup session and league pages (issue 44 item 5).

export const en = {
  waiting: {
    title: 'Waitlist',
    columns: { name: 'Name', team: 'Team', joined: 'Joined', offer: 'Place held until', actions: 'Actions' },
    online: 'Online',
    remove: 'Remove from the waitlist',
    remove_confirm: 'Remove %{name} from the waitlist? A place held for them goes to the next in line.',
  },
};

export const es: typeof en = {
  waiting: {
    title: 'Lista de espera',
    columns: { name: 'Nombre', team: 'Equipo', joined: 'Se unió', offer: 'Lugar reservado hasta', actions: 'Acciones' },
    online: 'En línea',
    remove: 'Quitar de la lista de espera',
    remove_confirm: '¿Quitar a %{name} de la lista de espera? Un lugar reservado para ellos pasa al siguiente en la fila.',
  },
};

registerMessages({ en, es });
