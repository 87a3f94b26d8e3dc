import type { FastifyInstance } from 'fastify';
import { customerChildDataConsent, customerWaivers, facilityWaiver, newWaiverVersion } from '../../../core/api/waivers';
import { serve } from '../../http/endpoint';
import { childDataConsentOf } from '../../domain/portal/consent';
import { addWaiverVersion, customerWaivers as signaturesOf, facilityWaiver as versionsOf } from '../../domain/waivers';

// Waivers on the staff side (issue 43 §6): a facility's versions (a new one in the facility's settings)
// and the signatures on a customer's profile, with the parent's consent to share the children's data. The portal's calls are in routes/portal.

export async function waiverRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  serve(app, facilityWaiver, ({ user, params: { id } }) => versionsOf(db, user, id));
  serve(app, newWaiverVersion, ({ user, params: { id }, body: { text } }) => addWaiverVersion(db, user, id, text));
  serve(app, customerWaivers, ({ user, params: { id } }) => signaturesOf(db, user, id));
  serve(app, customerChildDataConsent, ({ user, params: { id } }) => childDataConsentOf(db, user, id));
}
