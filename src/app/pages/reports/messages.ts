import { registerMessages } from '../../../kit/i18n/areas';

// The reporting pages (spec 2 §2 Reports, §5). The spec's messages word for word.

export const en = {
  reports: {
    hub_intro: 'Choose a report',
    open: 'Open',
    names: {
      sales: 'Sales', invoices: 'Invoices', events: 'Events', payments: 'Payments', health: 'Health check-ins', daily: 'Daily',
      outstanding: 'Outstanding', teams: 'Teams', reconciliation: 'Reconciliation', cameras: 'Cameras', trials: 'Free trials', bar: 'Bar',
    },
    filters: {
      basis: 'Report type', cash: 'Cash basis', activity: 'Activity basis', start: 'Start date', end: 'End date',
      facility: 'Facility', event_type: 'Event type', payment_type: 'Payment type', active: 'Active', league: 'League',
      any: 'Any', yes: 'Yes', no: 'No', run: 'Run', search: 'Search', exclude_tax: 'Exclude taxes',
      invoiced_paid: 'Invoiced paid', invoiced_unpaid: 'Invoiced unpaid', uninvoiced: 'Uninvoiced',
      mod_range: 'Moderators see the last 30 days only',
      mod_reset: 'Moderators see the last 30 days only: the dates asked for, %{from} – %{to}, were changed to %{start} – %{end}.', times: 'Dates are whole days in each facility\'s time zone',
    },
    messages: {
      missing_start: 'Missing start date', missing_end: 'Missing end date', missing_facility: 'Missing facility',
      missing_range: 'Please enter a start and an end date',
      end_before_start: 'The end date must be after the start date',
    },
    sales: {
      summary: 'Sales summary', payments_summary: 'Payments summary', gross_sales: 'Gross sales', refunds: 'Refunds', discounts: 'Discounts',
      net_sales: 'Net sales', taxes: 'Taxes', total_sales: 'Total sales', total_collected: 'Total collected', fees: 'Fees', net_total: 'Net total',
      by_product: 'Net sales by product', by_location: 'Net sales by location', transactions: 'Transactions',
    },
    week: { title: 'Week over week', current: 'This period', previous: 'Previous period', change: 'Change', axis_money: 'Dollars', axis_counts: 'Count' },
    columns: {
      date: 'Date', amount: 'Amount', type: 'Type', product: 'Product', invoice: 'Invoice', customer: 'Customer', location: 'Location',
      status: 'Status', count: 'Count', invoiced: 'Invoiced', discounted: 'Discounted', paid: 'Paid', balance: 'Balance', hours: 'Hours',
      timeslot: 'Timeslot', duration: 'Duration (minutes)', hourly_yield: 'Hourly yield', event_type: 'Event type', facility: 'Facility',
      resource: 'Resource', indoor: 'Indoor', outdoor: 'Outdoor', first_name: 'First name', last_name: 'Last name', date_signed: 'Date signed',
      invoices: 'Invoices', season: 'Season', league: 'League', league_end: 'League end date', team: 'Team', teams: 'Teams',
      source: 'Source', event_or_invoice: 'Event or invoice', class: 'Class', child: 'Child', trial_date: 'Trial date',
      enrollment_date: 'Enrollment date', event: 'Event', field: 'Field', missing_videos: 'Missing videos', possibly_false: 'May be a false positive (no event took place)',
      refunded_to_card: 'Refunded to the card', matched: 'Matched', unmatched_recorded: 'Recorded here, not at the card provider', unmatched_square: 'At the card provider, not recorded here',
      square_cut: "Square's list of payments was cut (too many pages): nothing after this time was compared:",
      total: 'Total', name: 'Name', by_status: 'By status', by_product: 'By product', by_location: 'By location',
    },
    registered: { staff: 'Front desk', online: 'Online' },
    daily: {
      Center: 'Center', Date: 'Date', AdultBookings: 'Adult bookings (hours)', YouthBookings: 'Youth bookings (hours)',
      AdultBookingsLastWeek: 'Adult bookings last week', YouthBookingsLastWeek: 'Youth bookings last week', PickPlayers: 'Pickup players',
      YouthContracts: 'Youth contracts', AdultGames: 'Adult games today', YouthGames: 'Youth games today', AdultGamesWeek: 'Adult games this week',
      YouthGamesWeek: 'Youth games this week', SoccerSales: 'Soccer net sales', SoccerSalesNoYR: 'Soccer net sales without youth and events',
      SoccerSalesCash: 'Soccer net sales in cash', BarIncomeTotal: 'Bar net sales', BarIncomeCash: 'Bar net sales in cash', BarOfSoccer: 'Bar sales per event',
      HealthChecks: 'Check-ins', HealthChecksPerEvent: 'Check-ins per event', Occupancy: 'Occupancy %', Hours: 'Hours', WeekStart: 'Week start', WeekEnd: 'Week end',
    },
    statuses: { paid: 'Paid', unpaid: 'Unpaid', 'partially paid': 'Partially paid', reversed: 'Reversed', 'invoiced paid': 'Invoiced paid', 'invoiced unpaid': 'Invoiced unpaid', uninvoiced: 'Uninvoiced' },
    export: 'Export',
    export_limit: 'The export holds the first %{count} rows: narrow the filters for the rest',
    empty: 'Nothing in this period',
  },
};

export const es: typeof en = {
  reports: {
    hub_intro: 'Elija un informe',
    open: 'Abrir',
    names: {
      sales: 'Ventas', invoices: 'Facturas', events: 'Eventos', payments: 'Pagos', health: 'Registros de salud', daily: 'Diario',
      outstanding: 'Saldos pendientes', teams: 'Equipos', reconciliation: 'Conciliación', cameras: 'Cámaras', trials: 'Pruebas gratuitas', bar: 'Bar',
    },
    filters: {
      basis: 'Tipo de informe', cash: 'Base de caja', activity: 'Base de actividad', start: 'Fecha de inicio', end: 'Fecha de fin',
      facility: 'Sede', event_type: 'Tipo de evento', payment_type: 'Tipo de pago', active: 'Activo', league: 'Liga',
      any: 'Cualquiera', yes: 'Sí', no: 'No', run: 'Ejecutar', search: 'Buscar', exclude_tax: 'Excluir impuestos',
      invoiced_paid: 'Facturado pagado', invoiced_unpaid: 'Facturado sin pagar', uninvoiced: 'Sin facturar',
      mod_range: 'Los moderadores solo ven los últimos 30 días',
      mod_reset: 'Los moderadores solo ven los últimos 30 días: las fechas pedidas, %{from} – %{to}, se cambiaron a %{start} – %{end}.', times: 'Las fechas son días completos en la zona horaria de cada sede',
    },
    messages: {
      missing_start: 'Falta la fecha de inicio', missing_end: 'Falta la fecha de fin', missing_facility: 'Falta la sede',
      missing_range: 'Introduzca una fecha de inicio y una de fin',
      end_before_start: 'La fecha de fin debe ser posterior a la de inicio',
    },
    sales: {
      summary: 'Resumen de ventas', payments_summary: 'Resumen de pagos', gross_sales: 'Ventas brutas', refunds: 'Reembolsos', discounts: 'Descuentos',
      net_sales: 'Ventas netas', taxes: 'Impuestos', total_sales: 'Ventas totales', total_collected: 'Total cobrado', fees: 'Comisiones', net_total: 'Total neto',
      by_product: 'Ventas netas por producto', by_location: 'Ventas netas por sede', transactions: 'Transacciones',
    },
    week: { title: 'Semana contra semana', current: 'Este período', previous: 'Período anterior', change: 'Cambio', axis_money: 'Dólares', axis_counts: 'Cantidad' },
    columns: {
      date: 'Fecha', amount: 'Importe', type: 'Tipo', product: 'Producto', invoice: 'Factura', customer: 'Cliente', location: 'Sede',
      status: 'Estado', count: 'Cantidad', invoiced: 'Facturado', discounted: 'Descontado', paid: 'Pagado', balance: 'Saldo', hours: 'Horas',
      timeslot: 'Horario', duration: 'Duración (minutos)', hourly_yield: 'Rendimiento por hora', event_type: 'Tipo de evento', facility: 'Sede',
      resource: 'Recurso', indoor: 'Interior', outdoor: 'Exterior', first_name: 'Nombre', last_name: 'Apellido', date_signed: 'Fecha de firma',
      invoices: 'Facturas', season: 'Temporada', league: 'Liga', league_end: 'Fin de la liga', team: 'Equipo', teams: 'Equipos',
      source: 'Origen', event_or_invoice: 'Evento o factura', class: 'Clase', child: 'Niño', trial_date: 'Fecha de prueba',
      enrollment_date: 'Fecha de inscripción', event: 'Evento', field: 'Cancha', missing_videos: 'Videos faltantes', possibly_false: 'Puede ser un falso positivo (no hubo evento)',
      refunded_to_card: 'Reembolsado a la tarjeta', matched: 'Coinciden', unmatched_recorded: 'Registrado aquí, no en el proveedor de tarjetas', unmatched_square: 'En el proveedor de tarjetas, no registrado aquí',
      square_cut: 'La lista de pagos de Square se cortó (demasiadas páginas): no se comparó nada posterior a:',
      total: 'Total', name: 'Nombre', by_status: 'Por estado', by_product: 'Por producto', by_location: 'Por sede',
    },
    registered: { staff: 'Recepción', online: 'En línea' },
    daily: {
      Center: 'Sede', Date: 'Fecha', AdultBookings: 'Reservas de adultos (horas)', YouthBookings: 'Reservas juveniles (horas)',
      AdultBookingsLastWeek: 'Reservas de adultos la semana pasada', YouthBookingsLastWeek: 'Reservas juveniles la semana pasada', PickPlayers: 'Jugadores de pickup',
      YouthContracts: 'Contratos juveniles', AdultGames: 'Partidos de adultos hoy', YouthGames: 'Partidos juveniles hoy', AdultGamesWeek: 'Partidos de adultos esta semana',
      YouthGamesWeek: 'Partidos juveniles esta semana', SoccerSales: 'Ventas netas de fútbol', SoccerSalesNoYR: 'Ventas netas de fútbol sin juveniles ni eventos',
      SoccerSalesCash: 'Ventas netas de fútbol en efectivo', BarIncomeTotal: 'Ventas netas del bar', BarIncomeCash: 'Ventas del bar en efectivo', BarOfSoccer: 'Ventas del bar por evento',
      HealthChecks: 'Registros de salud', HealthChecksPerEvent: 'Registros por evento', Occupancy: 'Ocupación %', Hours: 'Horas', WeekStart: 'Inicio de semana', WeekEnd: 'Fin de semana',
    },
    statuses: { paid: 'Pagada', unpaid: 'Sin pagar', 'partially paid': 'Pagada en parte', reversed: 'Anulada', 'invoiced paid': 'Facturado pagado', 'invoiced unpaid': 'Facturado sin pagar', uninvoiced: 'Sin facturar' },
    export: 'Exportar',
    export_limit: 'La exportación contiene las primeras %{count} filas: acote los filtros para el resto',
    empty: 'Nada en este período',
  },
};

registerMessages({ en, es });
