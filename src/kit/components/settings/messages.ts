import { registerMessages } from '../../i18n/areas';

// The /resources tabs beyond taxes and fees (spec 1 §2): resource names, field labels and hints.

const hours = (open: string, close: string, start: string, end: string) => ({
  weekday_open_time: `Weekday ${open}`,
  weekday_close_time: `Weekday ${close}`,
  weekend_open_time: `Weekend ${open}`,
  weekend_close_time: `Weekend ${close}`,
  weekday_peak_time_start: `Weekday ${start}`,
  weekday_peak_time_end: `Weekday ${end}`,
  weekend_peak_time_start: `Weekend ${start}`,
  weekend_peak_time_end: `Weekend ${end}`,
});

export const en = {
  settings_page: {
    close_time_hint: '24 means midnight and 0 means closed',
    all_facilities: 'ALL',
    closed: 'Closed',
  },
  resources: {
    facilities: {
      name: 'Facility |||| Facilities',
      fields: { ID: 'ID', name: 'Name', nickname: 'Nickname', address: 'Address', tax_rate: 'Tax rate' },
    },
    fields: {
      name: 'Field |||| Fields',
      fields: {
        number: 'Number', name: 'Name', new_field_type_id: 'Field type', facility_id: 'Facility',
        ...hours('open', 'close', 'peak start', 'peak end'),
        weekday_hours: 'Weekday hours', weekend_hours: 'Weekend hours', weekday_peak: 'Weekday peak', weekend_peak: 'Weekend peak',
      },
    },
    field_types: {
      name: 'Field type |||| Field types',
      fields: { name: 'Name', capacity: 'Capacity', is_outdoors: 'Outdoors', available_online: 'Available online', is_soccer: 'Soccer' },
    },
    age_groups: { name: 'Age group |||| Age groups', fields: { ID: 'ID', name: 'Name' } },
    seasons: { name: 'Season |||| Seasons', fields: { name: 'Name' } },
    product_types: {
      name: 'Product type |||| Product types',
      fields: {
        name: 'Name', category: 'Category', reporting: 'Reporting', gl: 'GL code', ranking: 'Ranking (order in dropdowns)',
        color: 'Color', showInCalendar: 'Show in calendar', allow_for_contract: 'Allow for contract',
      },
    },
    integrations: {
      name: 'Integration |||| Integrations',
      fields: {
        name: 'Name', type: 'Type', facility_id: 'Facility',
        data: { api_key: 'API key', user_id: 'User ID', destination_id: 'Destination ID', access_token: 'Access token', location_id: 'Location ID', environment: 'Environment' },
      },
    },
  },
};

export const es: typeof en = {
  settings_page: {
    close_time_hint: '24 significa medianoche y 0 significa cerrado',
    all_facilities: 'TODAS',
    closed: 'Cerrado',
  },
  resources: {
    facilities: {
      name: 'Sede |||| Sedes',
      fields: { ID: 'ID', name: 'Nombre', nickname: 'Apodo', address: 'Dirección', tax_rate: 'Tasa de impuesto' },
    },
    fields: {
      name: 'Cancha |||| Canchas',
      fields: {
        number: 'Número', name: 'Nombre', new_field_type_id: 'Tipo de cancha', facility_id: 'Sede',
        weekday_open_time: 'Apertura entre semana', weekday_close_time: 'Cierre entre semana',
        weekend_open_time: 'Apertura fin de semana', weekend_close_time: 'Cierre fin de semana',
        weekday_peak_time_start: 'Inicio hora pico entre semana', weekday_peak_time_end: 'Fin hora pico entre semana',
        weekend_peak_time_start: 'Inicio hora pico fin de semana', weekend_peak_time_end: 'Fin hora pico fin de semana',
        weekday_hours: 'Horario entre semana', weekend_hours: 'Horario fin de semana', weekday_peak: 'Pico entre semana', weekend_peak: 'Pico fin de semana',
      },
    },
    field_types: {
      name: 'Tipo de cancha |||| Tipos de cancha',
      fields: { name: 'Nombre', capacity: 'Capacidad', is_outdoors: 'Al aire libre', available_online: 'Disponible en línea', is_soccer: 'Fútbol' },
    },
    age_groups: { name: 'Grupo de edad |||| Grupos de edad', fields: { ID: 'ID', name: 'Nombre' } },
    seasons: { name: 'Temporada |||| Temporadas', fields: { name: 'Nombre' } },
    product_types: {
      name: 'Tipo de producto |||| Tipos de producto',
      fields: {
        name: 'Nombre', category: 'Categoría', reporting: 'Reportes', gl: 'Código contable', ranking: 'Orden (en listas)',
        color: 'Color', showInCalendar: 'Mostrar en calendario', allow_for_contract: 'Permitir en contratos',
      },
    },
    integrations: {
      name: 'Integración |||| Integraciones',
      fields: {
        name: 'Nombre', type: 'Tipo', facility_id: 'Sede',
        data: { api_key: 'Clave API', user_id: 'ID de usuario', destination_id: 'ID de destino', access_token: 'Token de acceso', location_id: 'ID de ubicación', environment: 'Entorno' },
      },
    },
  },
};

registerMessages({ en, es });
