import { registerMessages } from '../../src/kit/i18n/areas';

// The media gallery (spec 3 §2.18, §9): filter labels and options as the spec names them.

export const en = {
  media_gallery: {
    title: 'Media',
    filters: {
      date_range: 'Date range', facility: 'Facility', product: 'Product', season: 'Season', age_group: 'Age group', deleted: 'Deleted', any: 'Any',
      yes: 'Yes', no: 'No',
    },
    date_ranges: { yesterday: 'Yesterday', last_3_days: 'Last 3 days', last_7_days: 'Last 7 days', last_30_days: 'Last 30 days' },
    seasons: { Spring: 'Spring', Summer: 'Summer', Fall: 'Fall', Winter: 'Winter' },
    age_groups: { Adult: 'Adult', Youth: 'Youth' },
    deleted: 'Deleted',
    empty: 'No photos match these filters.',
    per_page: 'Photos per page',
    photo: 'Photo %{id}: %{type}, %{date}',
    details: {
      title: 'Details', close: 'Close', download: 'Download', delete: 'Delete', restore: 'Restore', facility: 'Facility', field: 'Field',
      product: 'Product', date: 'Date', tags: 'Tags', deleted_done: 'Photo marked deleted', restored_done: 'Photo restored', no_event: 'No event',
    },
  },
};

export const es = {
  media_gallery: {
    title: 'Multimedia',
    filters: {
      date_range: 'Rango de fechas', facility: 'Sede', product: 'Producto', season: 'Temporada', age_group: 'Grupo de edad', deleted: 'Eliminadas', any: 'Todas',
      yes: 'Sí', no: 'No',
    },
    date_ranges: { yesterday: 'Ayer', last_3_days: 'Últimos 3 días', last_7_days: 'Últimos 7 días', last_30_days: 'Últimos 30 días' },
    seasons: { Spring: 'Primavera', Summer: 'Verano', Fall: 'Otoño', Winter: 'Invierno' },
    age_groups: { Adult: 'Adulto', Youth: 'Juvenil' },
    deleted: 'Eliminada',
    empty: 'Ninguna foto coincide con estos filtros.',
    per_page: 'Fotos por página',
    photo: 'Foto %{id}: %{type}, %{date}',
    details: {
      title: 'Detalles', close: 'Cerrar', download: 'Descargar', delete: 'Eliminar', restore: 'Restaurar', facility: 'Sede', field: 'Campo',
      product: 'Producto', date: 'Fecha', tags: 'Etiquetas', deleted_done: 'Foto marcada como eliminada', restored_done: 'Foto restaurada', no_event: 'Sin evento',
    },
  },
};

registerMessages({ en, es });
