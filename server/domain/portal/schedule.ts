import { createHmac, timingSafeEqual } from 'node:crypto';
import { aliasedTable, and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PortalScheduleItem } from '../../../core/api/portal';
import { icsCalendar } from '../../../core/ical';
import { nowSeconds } from '../../../core/time';
import type { PortalUser } from '../../auth/portalSession';
import type { Db } from '../../db/client';
import { attendees, classes, customers, events, facilities, fields, matches, pickupPlayers, players, portalCalendars, products, teams } from '../../db/schema';
import { notFound } from '../../http/errors';
import { familyIds } from './family';

// The family's schedule (issue 43 §4): every booking of a member, every match of a member's team, every
// session of a member's class (a camp's days), every pickup slot a member signed up to — each an event
// on a field — with field, facility, its address and time zone. The same schedule is an iCalendar feed
// at a secret URL of the family's (an HMAC of the holder and a version; rotating it makes the old URL 404).

/** The feed covers this far back and ahead. */
const FEED_PAST = 31 * 86400;
const FEED_AHEAD = 183 * 86400;

/** The events between `from` and `to` that concern the members `ids`, and which members. */
async function familyEvents(db: Db, ids: number[], from: number, to: number): Promise<Map<number, Set<number>>> {
  const during = and(lt(events.start_date, to), gt(events.end_date, from));
  const [booked, played, attended, picked] = await Promise.all([
    db.select({ event: events.ID, customer: events.customer_id }).from(events).where(and(during, inArray(events.customer_id, ids))),
    db.select({ event: events.ID, customer: players.customer_id }).from(events)
      .innerJoin(matches, eq(matches.ID, events.match_id))
      .innerJoin(players, or(eq(players.team_id, matches.home_team_id), eq(players.team_id, matches.away_team_id)))
      .where(and(during, inArray(players.customer_id, ids))),
    db.select({ event: events.ID, customer: attendees.customer_id }).from(events)
      .innerJoin(attendees, eq(attendees.class_id, events.class_id))
      .where(and(during, inArray(attendees.customer_id, ids))),
    db.select({ event: events.ID, customer: pickupPlayers.customer_id }).from(events)
      .innerJoin(pickupPlayers, eq(pickupPlayers.event_id, events.ID))
      .where(and(during, inArray(pickupPlayers.customer_id, ids))),
  ]);
  const who = new Map<number, Set<number>>();
  for (const { event, customer } of [...booked, ...played, ...attended, ...picked]) {
    if (customer === null) continue;
    if (!who.has(event)) who.set(event, new Set());
    who.get(event)!.add(customer);
  }
  return who;
}

const home = aliasedTable(teams, 'home');
const away = aliasedTable(teams, 'away');

/** GET /portal/schedule: the family's events between `from` and `to`, by start. */
export async function familySchedule(db: Db, holder: PortalUser, from: number, to: number): Promise<PortalScheduleItem[]> {
  const ids = await familyIds(db, holder);
  const who = await familyEvents(db, ids, from, to);
  if (who.size === 0) return [];
  const pickedEvents = new Set((await db.select({ event: pickupPlayers.event_id }).from(pickupPlayers).where(inArray(pickupPlayers.event_id, [...who.keys()]))).map((r) => r.event));
  const rows = await db.select({
    ID: events.ID, start: events.start_date, end: events.end_date, comment: events.comment, match_id: events.match_id,
    field: fields.name, facility: { ID: facilities.ID, name: facilities.name, address: facilities.address, time_zone: facilities.time_zone },
    class_name: classes.name, is_camp: classes.is_camp, product: products.name, home: home.name, away: away.name, team_a: events.team_a, team_b: events.team_b,
  }).from(events)
    .innerJoin(fields, eq(fields.ID, events.field_id))
    .innerJoin(facilities, eq(facilities.ID, events.facility_id))
    .leftJoin(classes, eq(classes.ID, events.class_id))
    .leftJoin(products, eq(products.ID, events.new_product_id))
    .leftJoin(matches, eq(matches.ID, events.match_id))
    .leftJoin(home, eq(home.ID, matches.home_team_id))
    .leftJoin(away, eq(away.ID, matches.away_team_id))
    .where(inArray(events.ID, [...who.keys()]))
    .orderBy(events.start_date, events.ID);
  return rows.map((row) => {
    const kind = row.match_id !== null ? 'match' : row.class_name !== null ? (row.is_camp ? 'camp' : 'class') : pickedEvents.has(row.ID) ? 'pickup' : 'booking';
    const title = kind === 'match' ? `${row.home ?? row.team_a ?? 'TBD'} vs ${row.away ?? row.team_b ?? 'TBD'}`
      : kind === 'class' || kind === 'camp' ? row.class_name!
        : kind === 'pickup' ? `Pickup${row.product ? `: ${row.product}` : ''}` : row.product ?? (row.comment || 'Booking');
    return {
      kind, uid: `${kind}-${row.ID}`, title, start: row.start, end: row.end, customer_ids: [...who.get(row.ID)!].sort((a, b) => a - b),
      field: row.field, facility: row.facility,
    };
  });
}

/** The feed's secret of a version: the holder's ID and an HMAC of it and the version under LINK_SECRET. */
const feedSecret = (linkSecret: string, customerId: number, version: number) =>
  `${customerId}-${createHmac('sha256', linkSecret).update(`portal-calendar:${customerId}:${version}`).digest('base64url')}`;

const feedUrl = (publicUrl: string, secret: string) => `${publicUrl}/api/portal/calendar/${secret}/family.ics`;

export interface FeedKeys { publicUrl: string; linkSecret: string }

/** GET /portal/calendar (the current URL, made at the first call) and POST /portal/calendar/rotate (a new one). */
export async function calendarLink(db: Db, holder: PortalUser, keys: FeedKeys, rotate: boolean): Promise<{ url: string }> {
  const [row] = await db.insert(portalCalendars).values({ customer_id: holder.customer_id })
    .onConflictDoUpdate({ target: portalCalendars.customer_id, set: rotate ? { version: sql`${portalCalendars.version} + 1` } : { customer_id: holder.customer_id } })
    .returning({ version: portalCalendars.version });
  return { url: feedUrl(keys.publicUrl, feedSecret(keys.linkSecret, holder.customer_id, row.version)) };
}

/** GET /portal/calendar/{secret}/family.ics: the feed's text, or 404 for a secret that is not the family's current one. */
export async function calendarFeed(db: Db, keys: FeedKeys, secret: string): Promise<string> {
  const customerId = Number(secret.split('-')[0]);
  const [found] = await db.select({ version: portalCalendars.version, last_name: customers.last_name }).from(portalCalendars)
    .innerJoin(customers, eq(customers.ID, portalCalendars.customer_id))
    .where(and(eq(portalCalendars.customer_id, customerId), isNull(customers.deleted_at)));
  const expected = found ? Buffer.from(feedSecret(keys.linkSecret, customerId, found.version)) : null;
  if (!found || !expected || expected.length !== Buffer.byteLength(secret) || !timingSafeEqual(expected, Buffer.from(secret))) throw notFound('Calendar');
  const now = nowSeconds();
  const items = await familySchedule(db, { customer_id: customerId, session_id: 0 }, now - FEED_PAST, now + FEED_AHEAD);
  const host = new URL(keys.publicUrl).hostname;
  return icsCalendar({
    name: `${found.last_name} family`,
    now,
    events: items.map((item) => ({
      uid: `${item.uid}@${host}`, start: item.start, end: item.end, summary: item.title,
      location: [item.field, item.facility.name, item.facility.address].filter(Boolean).join(', '),
    })),
  });
}
