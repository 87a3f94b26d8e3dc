import { registerMessages } from '../../src/kit/i18n/areas';

// The facility tab's words (English and Spanish, same keys): the waiver's versions (issue 43 §6) and the
// sibling discount (issue 44 §6).
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
  facility_sibling: {
    title: 'Sibling discount',
    hint: 'When a family registers several children for the same class or camp, the second and the later ones pay less.',
    enabled: 'Sibling discount on',
    second: 'Second child: % off',
    later: 'Third child and later: % off',
    save: 'Save the sibling discount',
    saved: 'Sibling discount saved',
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
  facility_sibling: {
    title: 'Descuento por hermanos',
    hint: 'Cuando una familia inscribe a varios hijos en la misma clase o campamento, el segundo y los siguientes pagan menos.',
    enabled: 'Descuento por hermanos activo',
    second: 'Segundo hijo: % de descuento',
    later: 'Tercer hijo y siguientes: % de descuento',
    save: 'Guardar el descuento por hermanos',
    saved: 'Descuento por hermanos guardado',
  },
};

registerMessages({ en, es });
