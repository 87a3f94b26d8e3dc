import { registerMessages } from '../../src/kit/i18n/areas';

// The discounts page (spec 1 §2, §4). 'Show expired?' is quoted by the spec.

export const en = {
  discounts_page: {
    discounts: 'Discounts',
    rules: 'Rules',
    view: 'Show',
    add_new: 'Add new',
    search: 'Search',
    show_expired: 'Show expired?',
    percentage: 'Percentage',
    fixed_amount: 'Fixed amount',
    expire: 'Expire',
    expired: 'Expired',
    expire_title: 'Expire discount',
    expire_message: 'Expire the discount %{name}? It can no longer be applied, and this cannot be undone.',
    expired_done: 'Discount expired',
    add_title: 'Add new discount',
    edit_title: 'Edit discount',
    only_expire: 'A discount cannot be changed once made (invoices carry it): it can only be expired.',
    status: 'Status',
    active: 'Active',
    no_rules: 'No rule offers this discount.',
  },
  resources: {
    discount: {
      name: 'Discount |||| Discounts',
      fields: { name: 'Name', is_percentage: 'Type', value: 'Value', expired: 'Expired' },
    },
    discount_rules: {
      name: 'Discount rule |||| Discount rules',
      fields: {
        discount_id: 'Discount',
        facility_id: 'Facility',
        product_type_id: 'Product type',
        start_date: 'Start',
        end_date: 'End',
        comment: 'Comment',
      },
    },
  },
};

export const es: typeof en = {
  discounts_page: {
    discounts: 'Descuentos',
    rules: 'Reglas',
    view: 'Mostrar',
    add_new: 'Añadir',
    search: 'Buscar',
    show_expired: '¿Mostrar vencidos?',
    percentage: 'Porcentaje',
    fixed_amount: 'Monto fijo',
    expire: 'Vencer',
    expired: 'Vencido',
    expire_title: 'Vencer descuento',
    expire_message: '¿Vencer el descuento %{name}? Ya no podrá aplicarse, y no se puede deshacer.',
    expired_done: 'Descuento vencido',
    add_title: 'Nuevo descuento',
    edit_title: 'Editar descuento',
    only_expire: 'Un descuento no se puede cambiar una vez creado (las facturas lo llevan): solo se puede vencer.',
    status: 'Estado',
    active: 'Activo',
    no_rules: 'Ninguna regla ofrece este descuento.',
  },
  resources: {
    discount: {
      name: 'Descuento |||| Descuentos',
      fields: { name: 'Nombre', is_percentage: 'Tipo', value: 'Valor', expired: 'Vencido' },
    },
    discount_rules: {
      name: 'Regla de descuento |||| Reglas de descuento',
      fields: {
        discount_id: 'Descuento',
        facility_id: 'Sede',
        product_type_id: 'Tipo de producto',
        start_date: 'Inicio',
        end_date: 'Fin',
        comment: 'Comentario',
      },
    },
  },
};

registerMessages({ en, es });
