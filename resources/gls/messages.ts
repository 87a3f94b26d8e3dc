import { registerMessages } from '../../src/kit/i18n/areas';

// The GL views (/gls, /gls/{id}; spec 1 §3) and the gl tab of /resources.

export const en = {
  gls_page: {
    title: 'GL',
    add_title: 'Add new GL',
    edit_title: 'Edit GL',
    products: 'Products',
    no_products: 'No product is filed under this GL.',
  },
  resources: {
    gls: { name: 'GL |||| GLs', fields: { code: 'Code', product_type_id: 'Product type', season_id: 'Season' } },
  },
};

export const es: typeof en = {
  gls_page: {
    title: 'Cuenta contable',
    add_title: 'Nueva cuenta contable',
    edit_title: 'Editar cuenta contable',
    products: 'Productos',
    no_products: 'Ningún producto está asignado a esta cuenta contable.',
  },
  resources: {
    gls: { name: 'Cuenta contable |||| Cuentas contables', fields: { code: 'Código', product_type_id: 'Tipo de producto', season_id: 'Temporada' } },
  },
};

registerMessages({ en, es });
