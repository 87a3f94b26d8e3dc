import { eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { attendees, classes, events, fields, leagues, matches, pickupPlayers, players, teams } from '../../../server/db/schema';

// A family's week written straight to the database: a booking of the holder, a match of the child's
// team, a class session and a camp day of the child, a pickup slot of the child — each an event on a
// field of facility 1 — from `start` on, a day apart. Answers their event IDs.

export async function familyWeek(db: Db, holderId: number, childId: number, start: number) {
  const [field] = await db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
  const at = (day: number) => ({ field_id: field.ID, facility_id: 1, product_type_id: 1, start_date: start + day * 86400, end_date: start + day * 86400 + 3600 });
  const [booking] = await db.insert(events).values({ ...at(0), customer_id: holderId, comment: 'Birthday party' }).returning();
  const [league] = await db.insert(leagues).values({ name: 'Portal League', facility_id: 1, start_date: start, end_date: start + 90 * 86400 }).returning();
  const [ours] = await db.insert(teams).values({ name: 'Comets', facility_id: 1 }).returning();
  const [theirs] = await db.insert(teams).values({ name: 'Rockets', facility_id: 1 }).returning();
  await db.insert(players).values({ team_id: ours.ID, customer_id: childId, registration_date: start });
  const [match] = await db.insert(matches).values({ league_id: league.ID, home_team_id: ours.ID, away_team_id: theirs.ID, date: start + 86400, field_id: field.ID }).returning();
  const [game] = await db.insert(events).values({ ...at(1), product_type_id: 3, match_id: match.ID }).returning();
  const [lesson] = await db.insert(classes).values({ name: 'Little Kickers', facility_id: 1, start_date: start, end_date: start + 30 * 86400 }).returning();
  const [camp] = await db.insert(classes).values({ name: 'Winter Camp', facility_id: 1, start_date: start, end_date: start + 30 * 86400, is_camp: true }).returning();
  await db.insert(attendees).values([{ class_id: lesson.ID, customer_id: childId }, { class_id: camp.ID, customer_id: childId }]);
  const [session] = await db.insert(events).values({ ...at(2), class_id: lesson.ID }).returning();
  const [campDay] = await db.insert(events).values({ ...at(3), class_id: camp.ID }).returning();
  const [pickup] = await db.insert(events).values({ ...at(4) }).returning();
  await db.insert(pickupPlayers).values({ event_id: pickup.ID, customer_id: childId, facility_id: 1, start_date: pickup.start_date, end_date: pickup.end_date });
  // Someone else's booking the same day: never the family's.
  const [other] = await db.insert(events).values({ ...at(0), comment: 'Not ours' }).returning();
  return { booking: booking.ID, game: game.ID, session: session.ID, campDay: campDay.ID, pickup: pickup.ID, other: other.ID, fieldName: field.name };
}
