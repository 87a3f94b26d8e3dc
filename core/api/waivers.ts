import { z } from 'zod';
import { idParam } from '../validation/wire';
import { endpoint } from './endpoint';
import * as answers from './answers/waivers';

// Waivers (issue 43 §6): a facility's waiver text is kept in versions (an edit adds one; the newest is
// current and asks everyone again); a parent signs in the portal for each child under 18, an adult for
// themself; staff read the signatures on the customer's profile, with the parent's consent to share the
// children's data (given in the portal).

export type WaiverVersion = z.output<typeof answers.waiverVersion>;
export type FacilityWaiver = z.output<typeof answers.facilityWaiver>;
export type WaiverSignature = z.output<typeof answers.waiverSignature>;
export type ChildDataConsent = z.output<typeof answers.childDataConsent>;
export type PortalWaiver = z.output<typeof answers.portalWaiver>;
export type PortalWaiverSigned = z.output<typeof answers.portalWaiverSigned>;

export const WAIVER_MESSAGES = {
  unchanged: 'The waiver text is the same as the current version',
  notCurrent: 'This waiver version is no longer current: read the new text and sign again',
  consent: 'Tick the box to consent',
  fullName: 'Type your full name to sign',
  onlyAdmins: 'Only admins edit the waiver text',
} as const;

export const facilityWaiver = endpoint()({
  method: 'GET',
  path: '/facility/{id}/waiver',
  summary: 'A facility\'s waiver: its current text and every version, newest first',
  permission: { resource: 'facilities', action: 'show' },
  params: idParam,
  answer: answers.facilityWaiver,
});

export const newWaiverVersion = endpoint()({
  method: 'POST',
  path: '/facility/{id}/waiver',
  summary: 'A new version of the facility\'s waiver text (admins only): it becomes current and everyone is asked to sign again',
  permission: { resource: 'facilities', action: 'waiver', refusal: WAIVER_MESSAGES.onlyAdmins },
  status: 201,
  params: idParam,
  body: z.strictObject({ text: z.string({ error: 'is required' }).trim().min(1, 'is required').max(20_000, 'at most 20000 characters') }),
  answer: answers.waiverVersion,
});

export const customerWaivers = endpoint()({
  method: 'GET',
  path: '/customer/{id}/waivers',
  summary: 'The waivers signed for a customer, newest first, with the version, time, signer, IP and user agent',
  permission: { resource: 'customers', action: 'show' },
  params: idParam,
  answer: answers.waiverSignature.array(),
});

export const customerChildDataConsent = endpoint()({
  method: 'GET',
  path: '/customer/{id}/child-data-consent',
  summary: 'Whether the customer, as a parent, consented in the portal that their children\'s data may go to HubSpot and broadcasts, and when',
  permission: { resource: 'customers', action: 'show' },
  params: idParam,
  answer: answers.childDataConsent,
});

export const portalWaivers = endpoint()({
  method: 'GET',
  path: '/portal/waivers',
  summary: 'For each family member who signs (the holder, and each child under 18), the current waiver of each facility of the family, and whether signed',
  permission: 'portal',
  answer: answers.portalWaiver.array(),
});

export const portalSignWaiver = endpoint()({
  method: 'POST',
  path: '/portal/waivers/sign',
  summary: 'Signs a waiver version for a family member (typed full name, consent); 409 when the version is no longer current; a copy is mailed',
  permission: 'portal',
  status: 201,
  body: z.strictObject({
    customer_id: z.number({ error: 'must be a customer ID' }).int('must be a customer ID').positive('must be a customer ID'),
    version_id: z.number({ error: 'must be a waiver version ID' }).int('must be a waiver version ID').positive('must be a waiver version ID'),
    full_name: z.string({ error: WAIVER_MESSAGES.fullName }).trim().min(3, WAIVER_MESSAGES.fullName).max(200, 'at most 200 characters'),
    consent: z.literal(true, { error: WAIVER_MESSAGES.consent }),
  }),
  answer: answers.portalWaiverSigned,
});
