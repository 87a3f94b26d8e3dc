import { registerMessages } from '../../src/kit/i18n/areas';

// The staff page (spec 1 §2, §5, §8). Messages the spec quotes are word for word, the same as
// core/validation/staff's STAFF_MESSAGES (tests/web/staff.test.tsx checks both agree).

export const en = {
  staff: {
    add_new: 'Add new',
    add_title: 'Add new staff member',
    edit_title: 'Edit staff member',
    search: 'Search',
    none: 'NONE',
    yes: 'Yes',
    no: 'No',
    reset_password: 'Reset password',
    reset_sent: 'A password reset link was sent to %{email}',
    reset_confirm: '%{name} gets an email at %{email} now, with a link to set a new password (valid 24 hours). Their current password keeps working until then.',
    delete_message: 'Delete the staff member %{name}? They will no longer be able to sign in.',
    created: 'Successfully created %{type}',
    updated: 'Staff member updated',
    deleted: 'Staff member deleted',
    select_user_type: 'Please select a valid user type',
    select_facility: 'Please select a facility',
    invalid_email: 'Invalid email',
    phone_format: 'The phone number must have format: 111-222-3333',
    types: { admin: 'Admin', manager: 'Manager', mod: 'MOD', coach: 'Coach', referee: 'Referee' },
  },
  resources: {
    staff: {
      name: 'Staff member |||| Staff',
      fields: {
        name: 'Name',
        facility_id: 'Facility',
        email: 'Email',
        phone: 'Phone',
        user_type: 'User type',
        password_set: 'Password set',
        first_name: 'First name',
        last_name: 'Last name',
      },
    },
  },
};

export const es: typeof en = {
  staff: {
    add_new: 'Añadir',
    add_title: 'Nuevo miembro del personal',
    edit_title: 'Editar miembro del personal',
    search: 'Buscar',
    none: 'NINGUNO',
    yes: 'Sí',
    no: 'No',
    reset_password: 'Restablecer contraseña',
    reset_sent: 'Se envió un enlace para restablecer la contraseña a %{email}',
    reset_confirm: '%{name} recibe ahora un correo en %{email} con un enlace para elegir una contraseña nueva (válido 24 horas). Su contraseña actual sigue funcionando hasta entonces.',
    delete_message: '¿Eliminar al miembro del personal %{name}? Ya no podrá iniciar sesión.',
    created: 'Creado correctamente: %{type}',
    updated: 'Miembro del personal actualizado',
    deleted: 'Miembro del personal eliminado',
    select_user_type: 'Seleccione un tipo de usuario válido',
    select_facility: 'Seleccione una sede',
    invalid_email: 'Correo electrónico no válido',
    phone_format: 'El número de teléfono debe tener el formato: 111-222-3333',
    types: { admin: 'Administrador', manager: 'Gerente', mod: 'MOD', coach: 'Entrenador', referee: 'Árbitro' },
  },
  resources: {
    staff: {
      name: 'Miembro del personal |||| Personal',
      fields: {
        name: 'Nombre',
        facility_id: 'Sede',
        email: 'Correo electrónico',
        phone: 'Teléfono',
        user_type: 'Tipo de usuario',
        password_set: 'Contraseña creada',
        first_name: 'Nombre',
        last_name: 'Apellido',
      },
    },
  },
};

registerMessages({ en, es });
