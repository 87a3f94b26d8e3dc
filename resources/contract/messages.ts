import { CONTRACT_MESSAGES } from '../../core/validation/contract';
import { registerMessages } from '../../src/kit/i18n/areas';

// Contracts and pickup (spec 2 §2, §5, §8): the spec's messages word for word (core/validation/contract).

const m = CONTRACT_MESSAGES;

export const en = {
  contracts: {
    title: 'Contracts', contract: 'Contract %{id}', only_active: 'Only active', facility: 'Facility', product: 'Product',
    last_event_after: 'Last event date after', search: 'Search', more_filters: 'More Filters', free_text: 'Customer or contract',
    search_by: 'Search by', by_customer: 'Customer', by_contract: 'Contract', create: 'Create', hide_paid: 'Hide paid', count: '%{count} contracts',
    columns: { id: 'ID', name: 'Name', facility: 'Facility', customer: 'Customer', product: 'Product', events: 'Events', first: 'First event', last: 'Last event', invoiced: 'Invoiced', paid: 'Paid', balance: 'Balance', signed: 'Signed' },
    types: { 2: 'Adult Rental - Block-Booking', 7: 'Youth Rental - Contract', 11: 'Events' },
    create_title: 'New contract', edit_title: 'Edit contract', product_type: 'Product type', fee: 'Main hourly fee', percentage: 'Deposit percentage', name: 'Name', comment: 'Comment',
    customer: 'Customer', new_customer: 'New adult customer', apply_fee: 'Apply processing fee', save: 'Save', cancel: 'Cancel',
    required: m.required, price_weird: m.priceWeird, end_after_start: m.endAfterStart, check_first: m.checkFirst, select_field: m.selectField,
    select_times: m.selectTimes, mismatch: m.mismatch, generated: m.generated, sent: m.sent, valid_fee: m.validFee, not_available: m.notAvailable,
    card: {
      facility: 'Facility', customer: 'Customer', document: 'Document', generate: 'Generate', send: 'Send', void: 'Void', open_doc: 'Open document',
      signed: 'Signed', not_signed: 'Not signed', signed_by: 'Signed by %{name} on %{date}', fee: 'Main hourly fee', event_type: 'Event type', edit: 'Edit',
      events: 'Events', start: 'Start', end: 'End', count: 'Count', hours: 'Hours', invoice: 'Invoice', rental_total: 'Rental total', paid: 'Paid',
      discount: 'Discount', balance: 'Balance', with_tax: 'With tax', without_tax: 'Without tax', marketing: 'Create marketing list for pickup',
      delete_events: 'Delete all events', delete_contract: 'Delete contract', marketing_done: 'Marketing list of %{count} customers downloaded, e-mails copied',
      fee_confirm: 'Update the main hourly fee to $%{fee}? %{count} events will change.', fee_title: 'update main hourly fee',
      type_title: 'Update product type', delete_events_confirm: 'Delete all %{count} events of this contract?', void_confirm: 'Void the document? Its signing link stops working.',
      states: { none: 'No document', generated: 'Generated', sent: 'Sent', signed: 'Signed' },
    },
    tabs: { events: 'Events', invoice: 'Invoice', history: 'History' },
    events: {
      add: 'Add event', bulk: 'Bulk Edit', select_all: 'Select all', field: 'Field', day: 'Day', start: 'Start', end: 'End', fee: 'Fee per hour',
      price: 'Price', actions: 'Actions', edit: 'Edit', open: 'Open', delete: 'Delete', days: 'Days of week', custom: 'Custom hourly price',
      repeat_weeks: 'Weekly, number of events', check: 'Check for availabilities', keep: 'Keep', available: 'Available', taken: 'Taken by %{what}', remove: 'Remove this week',
      change_field: 'Change field', change_time: 'Change date/time (single event)', change_price: 'Change hourly price', delete_selected: 'Delete selected',
      apply: 'Save', selected: '%{count} selected', any_price: 'Any price', main_price: 'Main fee', custom_only: 'Custom price',
      delete_confirm: 'Delete %{count} events?', edit_title: 'Edit event', add_title: 'Add events', bulk_title: 'Bulk edit %{count} events',
      saved: 'Edit successfull', edit_selected: 'Edit selected',
    },
    marketing: { first_name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone' },
    history: { date: 'Date', action: 'Action', events: 'Modified events', hours: 'Hours added', price: 'Total price variation',
      actions: { document: 'Document', generate_doc: 'generated', send_doc: 'sent', void_doc: 'voided', sign_doc: 'signed', add_events: 'Events added', delete_event: 'Events deleted', edit_events: 'Events edited', update_base_fee: 'Main hourly fee updated', update_product_type: 'Product type updated' } },
    public: { title: 'Contract to sign', not_found: 'This link is no longer valid.', read: 'Read the contract (PDF)', name: 'Your full name', accept: 'I have read and accept this contract', sign: 'Sign', signed: 'Signed by %{name} on %{date}. Thank you!',
      summary_each: '%{smart_count} event × $%{each} = $%{total} |||| %{smart_count} events × $%{each} = $%{total}',
      summary_total: '%{smart_count} event, $%{total} in all |||| %{smart_count} events, $%{total} in all' },
    weekdays: { 0: 'Sunday', 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday' },
  },
  pickup: {
    title: 'Pickup', slot: 'Slot', presence: 'Presence', facility: 'Facility', day: 'Day of week', all: 'All', add: 'Add new',
    columns: { id: 'ID', facility: 'Facility', slots: 'Number of slots', slot: 'Day / time / field', contract: 'Contract', date: 'Date', customer: 'Customer', contact: 'Contact', checked_in: 'Checked in', actions: 'Actions' },
    start: 'Start date', end: 'End date', customer: 'Customer', session: 'Pickup session %{id}', players: 'Players', no_players: 'No players yet', online: 'Online', no_presence: 'No players signed up for pickup in these dates',
    create_title: 'New pickup session', field: 'Field', first_date: 'First date', time: 'Start time', duration: 'Duration (minutes)', count: 'Number of weeks',
    fee: 'Fee', check: 'Check for availabilities', save: 'Save', cancel: 'Cancel', created: 'Pickup session created', export: 'Export',
    remove: 'Remove from the game',
    remove_confirm: 'Remove %{name} from this game? The place goes to the first in line of the waitlist. The invoice the player paid stays as it is: make any refund on the invoice page.',
  },
};

export const es = {
  contracts: {
    title: 'Contratos', contract: 'Contrato %{id}', only_active: 'Solo activos', facility: 'Sede', product: 'Producto',
    last_event_after: 'Último evento después de', search: 'Buscar', more_filters: 'Más filtros', free_text: 'Cliente o contrato',
    search_by: 'Buscar por', by_customer: 'Cliente', by_contract: 'Contrato', create: 'Crear', hide_paid: 'Ocultar pagados', count: '%{count} contratos',
    columns: { id: 'ID', name: 'Nombre', facility: 'Sede', customer: 'Cliente', product: 'Producto', events: 'Eventos', first: 'Primer evento', last: 'Último evento', invoiced: 'Facturado', paid: 'Pagado', balance: 'Saldo', signed: 'Firmado' },
    types: { 2: 'Alquiler adulto - Bloque', 7: 'Alquiler juvenil - Contrato', 11: 'Eventos' },
    create_title: 'Nuevo contrato', edit_title: 'Editar contrato', product_type: 'Tipo de producto', fee: 'Tarifa por hora principal', percentage: 'Porcentaje de depósito', name: 'Nombre', comment: 'Comentario',
    customer: 'Cliente', new_customer: 'Nuevo cliente adulto', apply_fee: 'Aplicar tarifa de procesamiento', save: 'Guardar', cancel: 'Cancelar',
    required: 'Por favor complete todos los campos obligatorios', price_weird: 'El precio parece extraño', end_after_start: 'La fecha de fin debe ser posterior a la de inicio',
    check_first: 'Compruebe primero la disponibilidad', select_field: 'Seleccione una cancha', select_times: 'Seleccione una hora de inicio y de fin',
    mismatch: 'Los precios de los eventos del contrato no coinciden con la factura; revise la factura y los eventos', generated: 'Nuevo documento generado',
    sent: 'Contrato enviado por correo', valid_fee: 'Seleccione una tarifa válida', not_available: 'Asegúrese de que todos los eventos tengan lugar disponible, o seleccione los que desea conservar antes de continuar.',
    card: {
      facility: 'Sede', customer: 'Cliente', document: 'Documento', generate: 'Generar', send: 'Enviar', void: 'Anular', open_doc: 'Abrir documento',
      signed: 'Firmado', not_signed: 'Sin firmar', signed_by: 'Firmado por %{name} el %{date}', fee: 'Tarifa por hora principal', event_type: 'Tipo de evento', edit: 'Editar',
      events: 'Eventos', start: 'Inicio', end: 'Fin', count: 'Cantidad', hours: 'Horas', invoice: 'Factura', rental_total: 'Total alquiler', paid: 'Pagado',
      discount: 'Descuento', balance: 'Saldo', with_tax: 'Con impuestos', without_tax: 'Sin impuestos', marketing: 'Crear lista de marketing para pickup',
      delete_events: 'Eliminar todos los eventos', delete_contract: 'Eliminar contrato', marketing_done: 'Lista de marketing de %{count} clientes descargada, e-mails copiados',
      fee_confirm: '¿Actualizar la tarifa por hora principal a $%{fee}? Cambiarán %{count} eventos.', fee_title: 'actualizar tarifa por hora principal',
      type_title: 'Actualizar tipo de producto', delete_events_confirm: '¿Eliminar los %{count} eventos de este contrato?', void_confirm: '¿Anular el documento? Su enlace de firma dejará de funcionar.',
      states: { none: 'Sin documento', generated: 'Generado', sent: 'Enviado', signed: 'Firmado' },
    },
    tabs: { events: 'Eventos', invoice: 'Factura', history: 'Historial' },
    events: {
      add: 'Añadir evento', bulk: 'Edición masiva', select_all: 'Seleccionar todo', field: 'Cancha', day: 'Día', start: 'Inicio', end: 'Fin', fee: 'Tarifa por hora',
      price: 'Precio', actions: 'Acciones', edit: 'Editar', open: 'Abrir', delete: 'Eliminar', days: 'Días de la semana', custom: 'Precio por hora personalizado',
      repeat_weeks: 'Semanal, número de eventos', check: 'Comprobar disponibilidad', keep: 'Conservar', available: 'Disponible', taken: 'Ocupado por %{what}', remove: 'Quitar esta semana',
      change_field: 'Cambiar cancha', change_time: 'Cambiar fecha/hora (un evento)', change_price: 'Cambiar precio por hora', delete_selected: 'Eliminar seleccionados',
      apply: 'Guardar', selected: '%{count} seleccionados', any_price: 'Cualquier precio', main_price: 'Tarifa principal', custom_only: 'Precio personalizado',
      delete_confirm: '¿Eliminar %{count} eventos?', edit_title: 'Editar evento', add_title: 'Añadir eventos', bulk_title: 'Edición masiva de %{count} eventos',
      saved: 'Edición correcta', edit_selected: 'Editar seleccionados',
    },
    marketing: { first_name: 'Nombre', last_name: 'Apellido', email: 'Correo electrónico', phone: 'Teléfono' },
    history: { date: 'Fecha', action: 'Acción', events: 'Eventos modificados', hours: 'Horas añadidas', price: 'Variación del precio total',
      actions: { document: 'Documento', generate_doc: 'generado', send_doc: 'enviado', void_doc: 'anulado', sign_doc: 'firmado', add_events: 'Eventos añadidos', delete_event: 'Eventos eliminados', edit_events: 'Eventos editados', update_base_fee: 'Tarifa principal actualizada', update_product_type: 'Tipo de producto actualizado' } },
    public: { title: 'Contrato para firmar', not_found: 'Este enlace ya no es válido.', read: 'Leer el contrato (PDF)', name: 'Su nombre completo', accept: 'He leído y acepto este contrato', sign: 'Firmar', signed: 'Firmado por %{name} el %{date}. ¡Gracias!',
      summary_each: '%{smart_count} evento × $%{each} = $%{total} |||| %{smart_count} eventos × $%{each} = $%{total}',
      summary_total: '%{smart_count} evento, $%{total} en total |||| %{smart_count} eventos, $%{total} en total' },
    weekdays: { 0: 'Domingo', 1: 'Lunes', 2: 'Martes', 3: 'Miércoles', 4: 'Jueves', 5: 'Viernes', 6: 'Sábado' },
  },
  pickup: {
    title: 'Partidos abiertos', slot: 'Horario', presence: 'Asistencia', facility: 'Sede', day: 'Día de la semana', all: 'Todos', add: 'Añadir',
    columns: { id: 'ID', facility: 'Sede', slots: 'Número de sesiones', slot: 'Día / hora / cancha', contract: 'Contrato', date: 'Fecha', customer: 'Cliente', contact: 'Contacto', checked_in: 'Presente', actions: 'Acciones' },
    start: 'Fecha de inicio', end: 'Fecha de fin', customer: 'Cliente', session: 'Sesión de partido abierto %{id}', players: 'Jugadores', no_players: 'Aún no hay jugadores', online: 'En línea', no_presence: 'Ningún jugador inscrito en partidos abiertos en estas fechas',
    create_title: 'Nueva sesión de pickup', field: 'Cancha', first_date: 'Primera fecha', time: 'Hora de inicio', duration: 'Duración (minutos)', count: 'Número de semanas',
    fee: 'Tarifa', check: 'Comprobar disponibilidad', save: 'Guardar', cancel: 'Cancelar', created: 'Sesión de pickup creada', export: 'Exportar',
    remove: 'Quitar del partido',
    remove_confirm: '¿Quitar a %{name} de este partido? La plaza pasa al primero de la lista de espera. La factura que pagó el jugador queda como está: haga cualquier reembolso en la página de la factura.',
  },
};

registerMessages({ en, es });
