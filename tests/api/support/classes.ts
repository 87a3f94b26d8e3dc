import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { nowSeconds } from '../../../core/time';
import type { Db } from '../../../server/db/client';
import { families } from '../../../server/db/schema';
import { PRODUCT } from '../../../server/db/seed/catalog';
import type { TestContext } from '../harness';
import { insertCustomer } from './customers';

// Fixtures of the classes tests (tests/api/classes*.test.ts): a class's body, a family (a parent and a
// child whose e-mail is the parent's before '#'), and free class slots at Brooklyn (facility 1).

dayjs.extend(utc);
dayjs.extend(timezone);

export const DAY = 86_400;
/** Brooklyn's first field (facility 1, opening 16:00 on weekdays). */
export const MARACANA = 1;
let serial = 0;

export function classBody(overrides: Record<string, unknown> = {}) {
  const now = nowSeconds();
  serial += 1;
  return {
    name: `Youth Class U8 #${serial}`, description: 'Ball skills for kids', facility_id: 1, new_product_id: PRODUCT.YOUTH_CLASS,
    start_date: now - DAY, end_date: now + 120 * DAY, registration_start_date: now - 30 * DAY, registration_end_date: now + 60 * DAY,
    max_kids: 8, ...overrides,
  };
}

export async function createClass(ctx: TestContext, token: string, overrides: Record<string, unknown> = {}) {
  const res = await ctx.api(token, 'POST', '/class', classBody(overrides));
  if (res.statusCode !== 201) throw new Error(`class not created: ${res.body}`);
  return res.json() as { ID: number; facility_id: number; name: string };
}

/** A parent and their child (facility 1 unless said). */
export async function family(db: Db, facility_id = 1) {
  serial += 1;
  const parent = await insertCustomer(db, { facility_id, email: `parent${serial}.${Date.now()}@example.com` });
  const child = await insertCustomer(db, { facility_id, is_kid: true, email: `${parent.email}##${serial}`, first_name: 'Kid', birthdate: Date.UTC(2019, 4, 1) / 1000 });
  await db.insert(families).values({ parent_id: parent.ID, child_id: child.ID });
  return { parent, child };
}

/**
 * Monday `weeksAhead` weeks from now at `hour` in New York, an hour long: after Brooklyn opens, and
 * each test asking its own hour or week, so slots never collide across tests.
 */
export function slot(weeksAhead: number, hour = 17) {
  const monday = dayjs().tz('America/New_York').startOf('week').add(1, 'day').add(weeksAhead, 'week').hour(hour).minute(0).second(0);
  return { start_date: monday.unix(), end_date: monday.add(1, 'hour').unix() };
}

export const registration = (class_id: number, customer_id: number, price = 240, extra: Record<string, unknown> = {}) =>
  ({ price, attendee: { class_id, customer_id }, ...extra });
