import { registerMessages } from '../../../src/kit/i18n/areas';

// The customer search page's words (English and Spanish, same keys).
export const en = {
  customer_search: {
    search: 'Search customers',
    search_deleted: 'Search deleted customers',
    new: 'New customer',
    reactivate: 'Reactivate Customer',
    reactivate_action: 'Reactivate',
    reactivated: 'Customer reactivated',
    no_results: 'No customers match every word',
    limited: 'Showing the first %{count} matches. Type another word to narrow the search.',
    close: 'Close',
    columns: { name: 'Name', location: 'Location', birthdate: 'Birth date', phone: 'Phone', email: 'Email', address: 'Address' },
  },
};

export const es: typeof en = {
  customer_search: {
    search: 'Buscar clientes',
    search_deleted: 'Buscar clientes eliminados',
    new: 'Nuevo cliente',
    reactivate: 'Reactivar cliente',
    reactivate_action: 'Reactivar',
    reactivated: 'Cliente reactivado',
    no_results: 'Ningún cliente coincide con todas las palabras',
    limited: 'Se muestran las primeras %{count} coincidencias. Escriba otra palabra para acotar la búsqueda.',
    close: 'Cerrar',
    columns: { name: 'Nombre', location: 'Sede', birthdate: 'Fecha de nacimiento', phone: 'Teléfono', email: 'Correo electrónico', address: 'Dirección' },
  },
};

registerMessages({ en, es });
