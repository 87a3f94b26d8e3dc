import { registerMessages } from '../../src/i18n/areas';

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
    end_after_start: 'The end must be after the start',
    percent_range: 'A percentage is more than 0 and at most 100',
    amount_positive: 'An amount is more than 0, with at most two decimals',
  },
  resources: {
    discount: {
      name: 'Discount |||| Discounts',
      fields: { name: 'Name', is_percentage: 'Type', value: 'Value' },
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
    end_after_start: 'El final debe ser posterior al inicio',
    percent_range: 'Un porcentaje es mayor que 0 y como máximo 100',
    amount_positive: 'Un monto es mayor que 0, con dos decimales como máximo',
  },
  resources: {
    discount: {
      name: 'Descuento |||| Descuentos',
      fields: { name: 'Nombre', is_percentage: 'Tipo', value: 'Valor' },
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
