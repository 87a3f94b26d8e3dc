/** The HubSpot calls behind the profile's contact link, each made with a facility integration's key. */
export interface HubspotClient {
  /** The portal (Hub) id of the account the key belongs to. */
  portalId(apiKey: string): Promise<number>;
  /** The id of the contact with this email; null when HubSpot has none. */
  findContactByEmail(apiKey: string, email: string): Promise<string | null>;
}

export const HUBSPOT_REFUSED = "HubSpot refused the API key of this facility's integration; check it under Resources → Integrations";
export const HUBSPOT_UNREACHABLE = 'HubSpot cannot be reached right now; please try again';
