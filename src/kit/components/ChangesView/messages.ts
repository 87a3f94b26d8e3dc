import { registerMessages } from '../../i18n/areas';

// The 'Changes' view (spec 1 §3): the changelog of a record, and the labels of the fields a record's
// own messages do not name (a customer's, and those many records share).

export const en = {
  changes: {
    title: 'Changes',
    none: 'No changes recorded yet',
    by: '%{who}, %{when}',
    system: 'System',
    actions: { create: 'Created', update: 'Updated', delete: 'Deleted' },
    yes: 'Yes',
    no: 'No',
    empty: '(empty)',
    child_of: 'child of %{email}',
    // Customer types by id (spec 1 §3: 1 for created adults).
    customer_types: { 1: 'Adult' },
    fields: {
      first_name: 'First name', last_name: 'Last name', email: 'Email', phone: 'Phone', birthdate: 'Birth date', gender: 'Gender',
      address: 'Address', state: 'State', country: 'Country', is_kid: 'Child', parent_email: 'Parent email',
      customer_type_id: 'Customer type', facility_id: 'Facility', facility: 'Facility', credits: 'Credit balance', note: 'Note',
      photo: 'Photo', waiver_signed: 'Waiver signed', eplayer: 'E-player', deleted_at: 'Deleted', suspension: 'Suspension',
      merged: 'Merged customers', name: 'Name', price: 'Price', value: 'Value', type: 'Type', expired_at: 'Expired',
      reactivated: 'Reactivated', family: 'Family', merged_into: 'Merged into', trial: 'Free trial',
      suspension_lifted: 'Suspension lifted', membership: 'Membership', invoice_id: 'Invoice',
    },
  },
};

export const es: typeof en = {
  changes: {
    title: 'Cambios',
    none: 'Aún no hay cambios registrados',
    by: '%{who}, %{when}',
    system: 'Sistema',
    actions: { create: 'Creado', update: 'Actualizado', delete: 'Eliminado' },
    yes: 'Sí',
    no: 'No',
    empty: '(vacío)',
    child_of: 'hijo/a de %{email}',
    customer_types: { 1: 'Adulto' },
    fields: {
      first_name: 'Nombre', last_name: 'Apellido', email: 'Correo', phone: 'Teléfono', birthdate: 'Fecha de nacimiento', gender: 'Género',
      address: 'Dirección', state: 'Estado', country: 'País', is_kid: 'Menor', parent_email: 'Correo del padre o madre',
      customer_type_id: 'Tipo de cliente', facility_id: 'Sede', facility: 'Sede', credits: 'Saldo de crédito', note: 'Nota',
      photo: 'Foto', waiver_signed: 'Exención firmada', eplayer: 'E-player', deleted_at: 'Eliminado', suspension: 'Suspensión',
      merged: 'Clientes fusionados', name: 'Nombre', price: 'Precio', value: 'Valor', type: 'Tipo', expired_at: 'Vencido',
      reactivated: 'Reactivado', family: 'Familia', merged_into: 'Fusionado con', trial: 'Prueba gratuita',
      suspension_lifted: 'Suspensión levantada', membership: 'Membresía', invoice_id: 'Factura',
    },
  },
};

registerMessages({ en, es });
