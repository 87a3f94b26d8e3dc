import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, CUSTOMER_TYPE_KID } from '../../core/validation/customer';
import { changelog, customers, families } from '../../server/db/schema';
import { createTestContext, type TestContext } from './harness';

// POST /customer, POST /family and GET /family/{id}: the wizard's server half. Bad input answers 400
// and writes nothing; linking rewrites the child's email to the parent's + '##' + the child's ID.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, manager2] = await Promise.all(
    ['admin@touchline.test', 'manager@touchline.test', 'manager2@touchline.test'].map((email) => ctx.login(email)),
  );
});
afterAll(async () => { await ctx?.close(); });

/** A birth date `years` years and a few days ago, as M/D/YYYY. */
function yearsAgo(years: number, days = 3): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

const adult = { first_name: 'Priya', last_name: 'Nakamura', email: 'Priya.Nakamura@Example.com', phone: '(212) 555-0171' };
const child = { first_name: 'Kenji', last_name: 'Nakamura', is_kid: true, birthdate: yearsAgo(9), gender: 'Boy' };
/** The newest changelog entry of a customer. */
async function lastChange(id: number) {
  const [entry] = await ctx.database.db.select().from(changelog)
    .where(and(eq(changelog.object_type, 'customer'), eq(changelog.object_id, id))).orderBy(desc(changelog.ID)).limit(1);
  return entry ? { action: entry.action, value: JSON.parse(entry.new_value) } : null;
}

const post = (token: string, url: string, payload: object) => ctx.as(token, { method: 'POST', url, payload });

describe('POST /customer', () => {
  it('creates an adult in the manager’s own facility whatever facility_id is sent', async () => {
    const res = await post(manager, '/api/customer', { ...adult, facility_id: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ID: expect.any(Number), first_name: 'Priya', email: 'priya.nakamura@example.com', phone: '+12125550171',
      is_kid: false, customer_type_id: 1, facility_id: 1, facility: { ID: 1 },
    });
    expect(await lastChange(res.json().ID)).toMatchObject({ action: 'create', value: { first_name: 'Priya', facility_id: 1 } });
  });

  it('lets an admin choose the facility, and refuses one that does not exist', async () => {
    const res = await post(admin, '/api/customer', { ...adult, email: 'p2@example.com', facility_id: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().facility_id).toBe(2);
    expect((await post(admin, '/api/customer', { ...adult, facility_id: 4242 })).statusCode).toBe(400);
  });

  it('creates a child with its birth date at UTC midnight and the child customer type', async () => {
    const res = await post(manager, '/api/customer', child);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ is_kid: true, gender: 'Boy', customer_type_id: CUSTOMER_TYPE_KID, email: '' });
    expect(body.birthdate % 86400).toBe(0);
  });

  it('refuses bad input with the spec’s messages and writes nothing', async () => {
    const before = await ctx.database.db.$count(customers);
    const bad: Array<[object, string]> = [
      [{ ...adult, first_name: ' ' }, `first_name: ${CUSTOMER_MESSAGES.required}`],
      [{ ...adult, email: 'not-an-email' }, `email: ${CUSTOMER_MESSAGES.email}`],
      [{ ...adult, email: 'parent@example.com##12' }, `email: ${CUSTOMER_MESSAGES.email}`],
      [{ ...adult, phone: '555-01' }, `phone: ${CUSTOMER_MESSAGES.phone}`],
      [{ ...adult, phone: '' }, `phone: ${CUSTOMER_MESSAGES.phone}`],
      [{ ...child, birthdate: yearsAgo(19) }, `birthdate: ${CUSTOMER_MESSAGES.childBirthdate}`],
      [{ ...child, birthdate: yearsAgo(0, 30) }, `birthdate: ${CUSTOMER_MESSAGES.childBirthdate}`],
      [{ ...child, birthdate: '2/30/2018' }, `birthdate: ${CUSTOMER_MESSAGES.childBirthdate}`],
      [{ ...child, gender: 'Male' }, `gender: ${CUSTOMER_MESSAGES.required}`],
      [{ ...child, gender: undefined }, `gender: ${CUSTOMER_MESSAGES.required}`],
      // A child's '##' email comes from the family link only.
      [{ ...child, email: 'someone@example.com##99' }, `email: ${CUSTOMER_MESSAGES.email}`],
      [{ ...adult, credits: 100 }, 'unknown field credits'],
    ];
    for (const [payload, message] of bad) {
      const res = await post(manager, '/api/customer', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await ctx.database.db.$count(customers)).toBe(before);
  });
});

describe('families', () => {
  async function create(token: string, payload: object): Promise<number> {
    const res = await post(token, '/api/customer', payload);
    expect(res.statusCode).toBe(201);
    return res.json().ID;
  }

  it('links a child to a parent, rewriting the child’s email, and lists the link from both sides', async () => {
    const parentId = await create(manager, { ...adult, email: 'family.parent@example.com' });
    const childId = await create(manager, child);
    const res = await post(manager, '/api/family', { parent_id: parentId, child_id: childId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ parent_id: parentId, child_id: childId, child: { ID: childId, email: `family.parent@example.com##${childId}` } });
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.ID, childId));
    expect(row).toMatchObject({ email: `family.parent@example.com##${childId}`, parent_email: 'family.parent@example.com' });
    expect(await lastChange(childId)).toMatchObject({ action: 'update', value: { email: `family.parent@example.com##${childId}`, family: { parent_id: parentId } } });

    for (const id of [parentId, childId]) {
      const list = await ctx.as(manager, { method: 'GET', url: `/api/family/${id}` });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([expect.objectContaining({ parent_id: parentId, child_id: childId, parent: expect.objectContaining({ ID: parentId }), child: expect.objectContaining({ ID: childId }) })]);
    }
    // The same link twice is a conflict, and the child keeps its email.
    expect((await post(manager, '/api/family', { parent_id: parentId, child_id: childId })).statusCode).toBe(409);
  });

  it('refuses an adult as the child, a child as the parent and another facility’s customers, changing nothing', async () => {
    const parentId = await create(manager, { ...adult, email: 'second.parent@example.com' });
    const childId = await create(manager, child);
    const elsewhere = await create(manager2, { ...adult, email: 'queens@example.com' });
    const before = await ctx.database.db.$count(families);
    expect((await post(manager, '/api/family', { parent_id: parentId, child_id: parentId })).statusCode).toBe(400);
    expect((await post(manager, '/api/family', { parent_id: childId, child_id: parentId })).statusCode).toBe(400);
    expect((await post(manager, '/api/family', { parent_id: elsewhere, child_id: childId })).statusCode).toBe(404);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/family/${elsewhere}` })).statusCode).toBe(404);
    expect((await post(manager, '/api/family', { parent_id: parentId })).statusCode).toBe(400);
    expect(await ctx.database.db.$count(families)).toBe(before);
    const [row] = await ctx.database.db.select({ email: customers.email }).from(customers).where(eq(customers.ID, childId));
    expect(row.email).toBe('');
  });
});
