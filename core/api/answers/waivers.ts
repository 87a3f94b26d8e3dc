import { z } from 'zod';

// The waivers' answers (core/api/waivers.ts): a facility's versions, the signatures staff see, and the
// portal's list of what each family member must sign.

/** One version of a facility's waiver text. */
export const waiverVersion = z.object({
  ID: z.number().int(),
  facility_id: z.number().int(),
  text: z.string(),
  /** SHA-256 of the text, hex. */
  sha256: z.string(),
  CreatedAt: z.number().int(),
});

/** A facility's versions, newest (the current one) first. */
export const facilityWaiver = z.object({ current: waiverVersion.nullable(), versions: z.array(waiverVersion) });

/** A waiver signed for a customer, as staff see it on the profile. */
export const waiverSignature = z.object({
  ID: z.number().int(),
  customer_id: z.number().int(),
  version_id: z.number().int(),
  facility: z.object({ ID: z.number().int(), name: z.string() }),
  /** The version's hash the signer read. */
  sha256: z.string(),
  full_name: z.string(),
  signed_at: z.number().int(),
  signed_by: z.object({ ID: z.number().int(), first_name: z.string(), last_name: z.string() }),
  ip: z.string(),
  user_agent: z.string(),
  /** The signed version is still the facility's current one. */
  current: z.boolean(),
});

/** A parent's consent that their children's data may go to HubSpot and broadcasts (given in the portal): when, or null. */
export const childDataConsent = z.object({ given_at: z.number().int().nullable() });

/** A family member's waiver to sign in the portal: a facility's current version and whether it is signed. */
export const portalWaiver = z.object({
  customer_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  facility: z.object({ ID: z.number().int(), name: z.string() }),
  version: waiverVersion,
  signed: z.object({ full_name: z.string(), signed_at: z.number().int() }).nullable(),
});

export const portalWaiverSigned = z.object({
  customer_id: z.number().int(),
  version_id: z.number().int(),
  sha256: z.string(),
  full_name: z.string(),
  signed_at: z.number().int(),
});
