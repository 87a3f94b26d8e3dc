import { registerMessages } from '../../src/kit/i18n/areas';

// The facility tab's words (English and Spanish, same keys): the waiver's versions (issue 43 §6).
export const en = {
  facility_waiver: {
    title: 'Waiver',
    text: 'Waiver text',
    none: 'No waiver yet: families are asked to sign once a text is saved',
    current: 'Current version %{version} of %{date} (SHA-256 %{hash}…)',
    save: 'Save as a new version',
    hint: 'A new version asks every family to sign again',
    saved: 'New waiver version saved',
    adminsOnly: 'Only admins edit the waiver text',
  },
};

export const es: typeof en = {
  facility_waiver: {
    title: 'Exención',
    text: 'Texto de la exención',
    none: 'Aún no hay exención: se pide a las familias firmarla cuando se guarde un texto',
    current: 'Versión vigente %{version} del %{date} (SHA-256 %{hash}…)',
    save: 'Guardar como nueva versión',
    hint: 'Una nueva versión pide a todas las familias firmar de nuevo',
    saved: 'Nueva versión de la exención guardada',
    adminsOnly: 'Solo los administradores editan el texto de la exención',
  },
};

registerMessages({ en, es });
