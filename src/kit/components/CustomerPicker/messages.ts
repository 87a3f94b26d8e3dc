import { registerMessages } from '../../i18n/areas';

// The customer picker's words (English and Spanish, same keys).
export const en = {
  customer_picker: {
    type: 'Type a name, email or phone to search',
    none: 'No customers found',
  },
};

export const es: typeof en = {
  customer_picker: {
    type: 'Escriba un nombre, correo o teléfono para buscar',
    none: 'No se encontraron clientes',
  },
};

registerMessages({ en, es });
