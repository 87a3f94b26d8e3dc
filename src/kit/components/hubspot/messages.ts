import { registerMessages } from '../../i18n/areas';

// The "Export hubspot" dialog of the leagues, teams and classes lists and pages (spec 3 §2.3).

export const en = {
  hubspot: {
    title: 'Export to HubSpot',
    intro: 'Generate a HubSpot contact list of the players, captains and parents of the selected leagues, teams and classes.',
    generate: 'Generate',
    list_id: 'List ID',
    contacts: '%{smart_count} contact is in the list "%{name}" |||| %{smart_count} contacts are in the list "%{name}"',
    hint: 'Put this list ID in a custom property to use the list in HubSpot.',
    open: 'Open the list in HubSpot',
  },
};

export const es = {
  hubspot: {
    title: 'Exportar a HubSpot',
    intro: 'Genere una lista de contactos de HubSpot con los jugadores, capitanes y padres de las ligas, equipos y clases seleccionados.',
    generate: 'Generar',
    list_id: 'ID de la lista',
    contacts: '%{smart_count} contacto está en la lista "%{name}" |||| %{smart_count} contactos están en la lista "%{name}"',
    hint: 'Ponga este ID de lista en una propiedad personalizada para usar la lista en HubSpot.',
    open: 'Abrir la lista en HubSpot',
  },
};

registerMessages({ en, es });
