import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isEmailAddress } from '../../../core/api/broadcasts';
import { HUBSPOT_LIST_MESSAGES, hubspotList } from '../../../core/api/customers';
import { classes, facilities, leagues, teams } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { candidateAddresses, sourceFacility, unsubscribedAmong, type Source } from '../../domain/broadcasts/recipients';
import { requireHubspotKey } from './hubspotKey';

// POST /customer/hubspot (spec 1 §7, spec 3 §2.3, §2.13, §2.15; issue 29 item 4): the "Export hubspot"
// of the leagues, teams and classes lists. The players of the leagues (their divisions' too) and teams,
// and the parents of the classes' participants — the same people a broadcast to all of them reaches,
// those who unsubscribed left out — are upserted as HubSpot contacts by e-mail and added to a static
// list named for the selection, created the first time and added to after: exporting the same
// selection again updates one list rather than making another.

/** The list's name: the facility and what was selected, with a digest of the ids so that it is the selection's own. */
function listName(facility: string, names: string[], sources: Source[]): string {
  const key = sources.map((s) => (s.league_id ? `L${s.league_id}` : s.team_id ? `T${s.team_id}` : `C${s.class_id}`)).sort().join(',');
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 8);
  const shown = names.join(', ');
  return `Touchline ${facility}: ${shown.length > 150 ? `${shown.slice(0, 147)}...` : shown} (${digest})`;
}

export async function hubspotListRoutes(app: FastifyInstance) {
  const { db, hubspot } = app.deps;

  serve(app, hubspotList, async ({ user, body }) => {
    const sources: Source[] = [
      ...[...new Set(body.league_ids)].map((league_id) => ({ league_id })),
      ...[...new Set(body.team_ids)].map((team_id) => ({ team_id })),
      ...[...new Set(body.class_ids)].map((class_id) => ({ class_id })),
    ];
    // Each is reachable (404 otherwise), and all are one facility's: one HubSpot account.
    const facilityIds = new Set<number>();
    for (const source of sources) facilityIds.add(await sourceFacility(db, user, source));
    if (facilityIds.size > 1) throw badRequest(HUBSPOT_LIST_MESSAGES.facilities);
    const [facilityId] = facilityIds;
    const apiKey = await requireHubspotKey(db, facilityId);

    const found = new Set<string>();
    for (const source of sources) {
      for (const email of await candidateAddresses(db, source, 'players', '')) {
        if (email && !email.includes('#') && isEmailAddress(email)) found.add(email);
      }
    }
    const gone = await unsubscribedAmong(db, [...found]);
    const emails = [...found].filter((e) => !gone.has(e)).sort();
    if (emails.length === 0) throw badRequest(HUBSPOT_LIST_MESSAGES.nobody);

    const [facility] = await db.select({ name: facilities.name }).from(facilities).where(inArray(facilities.ID, [facilityId]));
    const names = [
      ...(body.league_ids.length ? await db.select({ name: leagues.name }).from(leagues).where(inArray(leagues.ID, body.league_ids)) : []),
      ...(body.team_ids.length ? await db.select({ name: teams.name }).from(teams).where(inArray(teams.ID, body.team_ids)) : []),
      ...(body.class_ids.length ? await db.select({ name: classes.name }).from(classes).where(inArray(classes.ID, body.class_ids)) : []),
    ].map((r) => r.name);
    const name = listName(facility.name, names, sources);

    const portalId = await hubspot.portalId(apiKey);
    const contactIds = await hubspot.upsertContacts(apiKey, emails);
    const listId = await hubspot.ensureList(apiKey, name);
    await hubspot.addToList(apiKey, listId, contactIds);
    return { data: listId, name, contacts: contactIds.length, link: `https://app.hubspot.com/contacts/${portalId}/objectLists/${encodeURIComponent(listId)}` };
  });
}
