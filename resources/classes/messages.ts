import { CLASS_MESSAGES } from '../../core/validation/classes';
import { registerMessages } from '../../src/kit/i18n/areas';

// Classes and camps (spec 3 §2.15–2.16, §8): the spec's messages word for word (core/validation/classes.ts).

const m = CLASS_MESSAGES;

export const en = {
  classes: {
    title: 'Classes', filter: 'Name', facility: 'Facility', start: 'Start date', end: 'End date', search: 'Search', create: 'Create',
    total: 'Total participants: %{count}', export_hubspot: 'Export hubspot',
    columns: { name: 'Name', dates: 'Dates', participants: 'Participants', invoiced: 'Invoiced', paid: 'Paid', balance: 'Balance', actions: 'Actions' },
    open: 'Open in a new tab', delete: 'Delete', delete_confirm: 'Delete the class %{name}?', deleted: m.deleted, updated: m.updated,
    form: {
      create: 'Create class', clone: 'Clone class', division: 'New Division', settings: 'Settings', facility: 'Facility', type: 'Class type', product: 'Product',
      name: 'Name', description: 'Online description', max_kids: 'Max number of kids', start: 'Start date', end: 'End date',
      registration_start: 'Registration start', registration_end: 'Registration end', accepts_free_trial: 'Accepts free trials',
      require_membership: 'Require membership', available_online: 'Available online', container: 'Season (contains divisions)', required: m.required,
      types: { 1: 'Youth Camp', 2: 'Youth Class', 3: "Lil' Kickers Class" },
      product_text: '%{name} — %{price}', product_per_event: '%{name} — %{price} (%{each} per event)',
    },
    page: {
      season: 'Go to Class Season', fee: 'Fee', edit_fee: 'Edit fee', event_type: 'Event type', event_type_class: 'Class', event_type_camp: 'Camp', quota: 'Quota (kids per class)',
      clone: 'Clone', events_card: 'Events', first: 'First start', last: 'Last end', count: 'Events', hours: 'Hours', coaches: 'Coaches', lead: 'Lead',
      extra: 'Extra', add_coach: 'Add coach', save_coaches: 'Save', unsaved: 'Unsaved changes', invoice: 'Invoice', invoiced: 'Total invoiced', paid: 'Paid',
      balance: 'Balance', broadcast: 'Broadcast Message', hubspot: 'Create hubspot list', add_new: 'Add new', print: 'Print',
      tabs: { divisions: 'Divisions', events: 'Events', participants: 'Participants', waitlist: 'Waitlist', settings: 'Settings' },
      event_columns: { start: 'Start', duration: 'Duration (hours)', field: 'Field', actions: 'Actions' },
      participant_columns: { parent: 'Parent', name: 'Name', first_name: 'Firstname', last_name: 'Lastname', uniform: 'Uniform Size', contact: 'Contact', balance: 'Balance', membership: 'Membership', dob: 'DoB', actions: 'Actions' },
      waitlist_columns: { joined: 'Join waitlist date', name: 'Name', uniform: 'Uniform Size', contact: 'Contact', membership: 'Membership', actions: 'Actions' },
      division_columns: { name: 'Name', attendees: 'Attendees', coaches: 'Coaches', action: 'Action' },
      trials: 'Free trials of %{date}', free_spot: 'Free spot', age: '%{age} y', online: 'Online',
      edit_event: 'Edit event', open_event: 'Open event page', delete_event: 'Delete', delete_event_confirm: 'Delete this event?',
      delete_participant: 'Delete', delete_participant_confirm: 'Delete the registration of %{name}?', open_invoice: 'Invoice', open_customer: 'Customer',
      move: 'Move to other class', uniform: 'Add/Change Uniform Size', delete_trial: 'Delete free trial', delete_trial_confirm: 'Delete the free trial of %{name}?',
      trial_date: 'Change trial date', convert_trial: 'Convert to permanent attendee', convert_waitlist: 'Convert to attendee',
      convert_waitlist_confirm: 'Make %{name} an attendee of this class? An invoice is issued at the current price.', delete_waitlist_confirm: 'Remove %{name} from the waitlist?',
      history: 'Promotions from the waitlist', promoted: '%{name} joined on %{date} (invoice %{invoice})', no_rows: 'Nothing yet',
      add_division: 'Add Division', divisions_filter: 'Filter', expected: 'Total expected', due: 'Total due', attendees: 'Attendees', total_paid: 'Total paid',
    },
    dialogs: {
      fee: 'Update Product', uniform: 'Change uniform size', size: 'Uniform size', price: 'Price', plus_fees: '+ fees', participant: 'Add Participant',
      choose_participant: 'Choose the participant', participant_chosen: 'Participant: %{name}', waitlist_offer: 'This class is full: add the child to its waitlist?',
      waitlisted: '%{name} was added to the waitlist', registered: '%{name} was registered',
      events: 'Add manual class', field: 'Field', date: 'Date', from: 'From', to: 'To', add_row: 'Add event', check: 'Check availability', keep: 'Keep',
      available: 'Available', taken: 'Taken', closed: 'Closed', unchecked: 'Not checked', check_first: m.checkFirst, keep_or_free: m.keepOrFree, save: 'Save',
      move: 'Change class', season: 'Season', division: 'Division', check_class: 'Check class', move_confirm: 'Move %{name} to %{target}?',
      full_warning: 'This class seems full.', price_warning: 'The prorated price is higher by %{amount}: the invoice will be updated.',
      trial_date: 'Change trial date', class: 'Class', new_date: 'New date', trial_confirm: 'Move the free trial to %{date}?',
      no_upcoming: 'No upcoming dates: add events to this class first', add_trial: 'Add free trial', add_trial_for: 'Free trial on %{date}', trial_event: 'Date of the free trial', next: 'Next',
      trial_added: 'Free trial of %{name} booked for %{date}', trial_not_offered: 'This class does not accept free trials: turn on "Accepts free trials" in its Settings to book one.',
      convert: 'Convert free trial to attendee', valid_price: m.validPrice, no_parent: m.noParent, comment: 'Comment',
    },
  },
};

export const es = {
  classes: {
    title: 'Clases', filter: 'Nombre', facility: 'Sede', start: 'Fecha de inicio', end: 'Fecha de fin', search: 'Buscar', create: 'Crear',
    total: 'Participantes en total: %{count}', export_hubspot: 'Exportar a HubSpot',
    columns: { name: 'Nombre', dates: 'Fechas', participants: 'Participantes', invoiced: 'Facturado', paid: 'Pagado', balance: 'Saldo', actions: 'Acciones' },
    open: 'Abrir en una pestaña nueva', delete: 'Eliminar', delete_confirm: '¿Eliminar la clase %{name}?', deleted: 'Clase eliminada', updated: 'Actualizado',
    form: {
      create: 'Crear clase', clone: 'Clonar clase', division: 'Nueva división', settings: 'Ajustes', facility: 'Sede', type: 'Tipo de clase', product: 'Producto',
      name: 'Nombre', description: 'Descripción en línea', max_kids: 'Máximo de niños', start: 'Fecha de inicio', end: 'Fecha de fin',
      registration_start: 'Inicio de inscripción', registration_end: 'Fin de inscripción', accepts_free_trial: 'Acepta pruebas gratuitas',
      require_membership: 'Requiere membresía', available_online: 'Disponible en línea', container: 'Temporada (contiene divisiones)', required: 'Rellena todos los campos obligatorios',
      product_text: '%{name} — %{price}', product_per_event: '%{name} — %{price} (%{each} por evento)',
      types: { 1: 'Campamento juvenil', 2: 'Clase juvenil', 3: "Clase Lil' Kickers" },
    },
    page: {
      season: 'Ir a la temporada', fee: 'Cuota', edit_fee: 'Editar cuota', event_type: 'Tipo de evento', event_type_class: 'Clase', event_type_camp: 'Campamento', quota: 'Cupo (niños por clase)',
      clone: 'Clonar', events_card: 'Eventos', first: 'Primer inicio', last: 'Último fin', count: 'Eventos', hours: 'Horas', coaches: 'Entrenadores', lead: 'Principal',
      extra: 'Adicional', add_coach: 'Añadir entrenador', save_coaches: 'Guardar', unsaved: 'Cambios sin guardar', invoice: 'Factura', invoiced: 'Total facturado', paid: 'Pagado',
      balance: 'Saldo', broadcast: 'Enviar mensaje', hubspot: 'Crear lista de HubSpot', add_new: 'Añadir', print: 'Imprimir',
      tabs: { divisions: 'Divisiones', events: 'Eventos', participants: 'Participantes', waitlist: 'Lista de espera', settings: 'Ajustes' },
      event_columns: { start: 'Inicio', duration: 'Duración (horas)', field: 'Campo', actions: 'Acciones' },
      participant_columns: { parent: 'Padre/madre', name: 'Nombre completo', first_name: 'Nombre', last_name: 'Apellido', uniform: 'Talla', contact: 'Contacto', balance: 'Saldo', membership: 'Membresía', dob: 'Nacimiento', actions: 'Acciones' },
      waitlist_columns: { joined: 'Fecha de entrada', name: 'Nombre', uniform: 'Talla', contact: 'Contacto', membership: 'Membresía', actions: 'Acciones' },
      division_columns: { name: 'Nombre', attendees: 'Inscritos', coaches: 'Entrenadores', action: 'Acción' },
      trials: 'Pruebas gratuitas del %{date}', free_spot: 'Plaza gratuita', age: '%{age} años', online: 'En línea',
      edit_event: 'Editar evento', open_event: 'Abrir el evento', delete_event: 'Eliminar', delete_event_confirm: '¿Eliminar este evento?',
      delete_participant: 'Eliminar', delete_participant_confirm: '¿Eliminar la inscripción de %{name}?', open_invoice: 'Factura', open_customer: 'Cliente',
      move: 'Cambiar de clase', uniform: 'Añadir/cambiar talla', delete_trial: 'Eliminar prueba gratuita', delete_trial_confirm: '¿Eliminar la prueba gratuita de %{name}?',
      trial_date: 'Cambiar fecha de prueba', convert_trial: 'Convertir en inscrito', convert_waitlist: 'Convertir en inscrito',
      convert_waitlist_confirm: '¿Inscribir a %{name} en esta clase? Se emite una factura al precio actual.', delete_waitlist_confirm: '¿Quitar a %{name} de la lista de espera?',
      history: 'Promociones desde la lista de espera', promoted: '%{name} entró el %{date} (factura %{invoice})', no_rows: 'Nada todavía',
      add_division: 'Añadir división', divisions_filter: 'Filtrar', expected: 'Total esperado', due: 'Total pendiente', attendees: 'Inscritos', total_paid: 'Total pagado',
    },
    dialogs: {
      fee: 'Actualizar producto', uniform: 'Cambiar talla', size: 'Talla', price: 'Precio', plus_fees: '+ comisiones', participant: 'Añadir participante',
      choose_participant: 'Elegir participante', participant_chosen: 'Participante: %{name}', waitlist_offer: 'La clase está completa: ¿añadir al niño a la lista de espera?',
      waitlisted: '%{name} entró en la lista de espera', registered: '%{name} quedó inscrito',
      events: 'Añadir clase manual', field: 'Campo', date: 'Fecha', from: 'Desde', to: 'Hasta', add_row: 'Añadir evento', check: 'Comprobar disponibilidad', keep: 'Mantener',
      available: 'Disponible', taken: 'Ocupado', closed: 'Cerrado', unchecked: 'Sin comprobar', check_first: 'Comprueba primero la disponibilidad',
      keep_or_free: 'Asegúrate de que todos los eventos tienen plaza, o marca los eventos que quieres mantener antes de continuar.', save: 'Guardar',
      move: 'Cambiar de clase', season: 'Temporada', division: 'División', check_class: 'Ver clase', move_confirm: '¿Pasar a %{name} a %{target}?',
      full_warning: 'Esta clase parece completa.', price_warning: 'El precio prorrateado es %{amount} más alto: la factura se actualizará.',
      trial_date: 'Cambiar fecha de prueba', class: 'Clase', new_date: 'Nueva fecha', trial_confirm: '¿Pasar la prueba gratuita al %{date}?',
      no_upcoming: 'No hay próximas fechas: añada primero eventos a esta clase', add_trial: 'Añadir prueba gratuita', add_trial_for: 'Prueba gratuita el %{date}', trial_event: 'Fecha de la prueba gratuita', next: 'Siguiente',
      trial_added: 'Prueba gratuita de %{name} reservada para el %{date}', trial_not_offered: 'Esta clase no acepta pruebas gratuitas: active «Acepta pruebas gratuitas» en sus Ajustes para reservar una.',
      comment: 'Comentario', convert: 'Convertir prueba gratuita en inscrito', valid_price: 'Introduce un precio válido', no_parent: 'El niño seleccionado no parece tener padre o madre registrado',
    },
  },
};

registerMessages({ en, es });
