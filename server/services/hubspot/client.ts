/** The HubSpot calls Touchline makes, each with a facility integration's key. */
export interface HubspotClient {
  /** The portal (Hub) id of the account the key belongs to. */
  portalId(apiKey: string): Promise<number>;
  /** The id of the contact with this email; null when HubSpot has none. */
  findContactByEmail(apiKey: string, email: string): Promise<string | null>;
  /** Creates or updates a contact per address (by email, in batches); answers their ids. */
  upsertContacts(apiKey: string, emails: readonly string[]): Promise<string[]>;
  /** The id of the static (MANUAL) contact list of this name, created when there is none. */
  ensureList(apiKey: string, name: string): Promise<string>;
  /** Adds the contacts to the list (ones already in it are left as they are). */
  addToList(apiKey: string, listId: string, contactIds: readonly string[]): Promise<void>;
}

export const HUBSPOT_REFUSED = "HubSpot refused the API key of this facility's integration; check it under Resources → Integrations";
export const HUBSPOT_UNREACHABLE = 'HubSpot cannot be reached right now; please try again';
export const HUBSPOT_RATE_LIMITED = 'HubSpot is limiting the requests of this account right now; please try again in a minute';
