import { eq } from 'drizzle-orm';
import type { PortalMe } from '../../../core/api/portal';
import type { ChildDataConsent } from '../../../core/api/waivers';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { childDataConsents } from '../../db/schema';
import { recordChange } from '../../services/changelog';
import { reachableCustomer } from '../customers/summary';
import { portalFamily } from './family';

// The holder's consent that their children's data may leave for HubSpot and broadcasts (issue 43 §7):
// a row while given, with its time, IP and user agent; withdrawing deletes it. The changelog keeps both
// on the holder's record, and staff read it on the profile. Who a broadcast or a HubSpot list reaches reads it (domain/broadcasts/recipients).

/** PUT /portal/consent. Giving it again keeps the first time. */
export async function setChildDataConsent(db: Db, holder: PortalUser, given: boolean, client: { ip: string; user_agent: string }): Promise<PortalMe> {
  await db.transaction(async (tx) => {
    const changed = given
      ? await tx.insert(childDataConsents).values({ customer_id: holder.customer_id, given_at: nowSeconds(), ip: client.ip, user_agent: client.user_agent.slice(0, 500) })
        .onConflictDoNothing().returning({ ID: childDataConsents.ID })
      : await tx.delete(childDataConsents).where(eq(childDataConsents.customer_id, holder.customer_id)).returning({ ID: childDataConsents.ID });
    if (changed.length) {
      await recordChange(tx, { object: 'customer', object_id: holder.customer_id, action: 'update', user_id: null, new_value: { child_data_consent: given, by: 'portal' } });
    }
  });
  return portalFamily(db, holder);
}

/** GET /customer/{id}/child-data-consent: the customer's own consent as a parent (404 beyond the staff's facility). */
export async function childDataConsentOf(db: Db, user: SessionUser, id: number): Promise<ChildDataConsent> {
  await reachableCustomer(db, user, id);
  const [consent] = await db.select({ given_at: childDataConsents.given_at }).from(childDataConsents).where(eq(childDataConsents.customer_id, id));
  return { given_at: consent?.given_at ?? null };
}
