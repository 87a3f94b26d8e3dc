import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowSeconds } from '../../core/time';
import {
  changelog, classes, contracts, customers, discountApplications, eplayers, events, fields, families, invoiceItems,
  invoices, payments, suspensions, trialAssistants,
} from '../../server/db/schema';
import { UNREADABLE_UPLOAD } from '../../server/http/upload';
import { STALE_CUSTOMER } from '../../server/routes/customers/version';
import { insertCustomer } from './support/customers';
import { createTestContext, type TestContext } from './harness';

// The customer profile (spec 1 §2, §7): GET /customer/{id} and the calls behind its tabs and dialogs.

let ctx: TestContext;
let admin: string;
let manager: string;
let manager2: string;
let coach: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ admin, manager, manager2, coach } = await ctx.signInStaff());
});
afterAll(async () => { await ctx?.close(); });

const customer = (values: Partial<typeof customers.$inferInsert> = {}) => insertCustomer(ctx.database.db, values);

const HOUR = 3600;

describe('GET /customer/{id}', () => {
  it('answers the customer with facility, totals from its invoices, family, e-player and suspension', async () => {
    const { db } = ctx.database;
    const parent = await customer({ credits: 1250 });
    const child = await customer({ is_kid: true, email: `${parent.email}##x` });
    await db.insert(families).values({ parent_id: parent.ID, child_id: child.ID, relation: 'mother' });
    await db.insert(eplayers).values({ customer_id: parent.ID, console_id: 'gamer1', console: 'PS4', discord_username: 'pat#1' });
    // Invoice 1: 2 × 50.00 + 8.00 taxes + 3.00 fees − 10.00 discount = 101.00; paid 60.00.
    const [one] = await db.insert(invoices).values({ facility_id: 1, customer_id: parent.ID, date: 1_700_000_000 }).returning();
    await db.insert(invoiceItems).values({ invoice_id: one.ID, price: 5000, quantity: 2, amount_taxes: 800, amount_fees: 300 });
    await db.insert(discountApplications).values({ invoice_id: one.ID, amount: 1000 });
    await db.insert(payments).values({ invoice_id: one.ID, amount: 6000, type: 'cash' });
    // Invoice 2 (later): 25.00, unpaid.
    const [two] = await db.insert(invoices).values({ facility_id: 1, customer_id: parent.ID, date: 1_700_100_000 }).returning();
    await db.insert(invoiceItems).values({ invoice_id: two.ID, price: 2500 });
    const now = nowSeconds();
    await db.insert(suspensions).values({ customer_id: parent.ID, from: now - HOUR, until: now + HOUR, foul: 'Red card' });

    const res = await ctx.as(manager, { method: 'GET', url: `/api/customer/${parent.ID}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ID: parent.ID,
      credits: 12.5,
      facility: { ID: 1 },
      last_invoice_date: 1_700_100_000,
      totals: { invoiced: 126, paid: 60, balance: 66 },
      suspended: true,
      eplayer: { console_id: 'gamer1', console: 'PS4', discord_username: 'pat#1' },
    });
    expect(body.family).toEqual([expect.objectContaining({ parent_id: parent.ID, child_id: child.ID, relation: 'mother' })]);
    expect(body.suspensions[0]).toMatchObject({ foul: 'Red card' });
    expect(body).not.toHaveProperty('details');

    const history = await ctx.as(manager, { method: 'GET', url: `/api/invoice/customer/${parent.ID}` });
    // team_id: null, else the profile's Add new payment asks for the team invoice's player.
    expect(history.json().map((i: { ID: number; total: number; paid: number; balance: number; team_id: number | null }) => [i.ID, i.total, i.paid, i.balance, i.team_id]))
      .toEqual([[two.ID, 25, 0, 25, null], [one.ID, 101, 60, 41, null]]);
  });

  it('answers 404 for another facility’s customer to a manager, and 403 to a coach', async () => {
    const other = await customer({ facility_id: 2 });
    for (const url of [`/api/customer/${other.ID}`, `/api/invoice/customer/${other.ID}`, `/api/contract/cust/${other.ID}`, `/api/eplayer/cust/${other.ID}`]) {
      expect((await ctx.as(manager, { method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await ctx.as(manager2, { method: 'GET', url: `/api/customer/${other.ID}` })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'GET', url: `/api/customer/${other.ID}` })).statusCode).toBe(200);
    expect((await ctx.as(coach, { method: 'GET', url: `/api/customer/${other.ID}` })).statusCode).toBe(403);
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/customer/note/${other.ID}`, payload: { note: 'x' } })).statusCode).toBe(404);
  });

  it('answers 404 for a deleted customer and 400 for a bad id', async () => {
    const gone = await customer({ deleted_at: nowSeconds() });
    expect((await ctx.as(admin, { method: 'GET', url: `/api/customer/${gone.ID}` })).statusCode).toBe(404);
    expect((await ctx.as(admin, { method: 'GET', url: '/api/customer/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /customer/{id}', () => {
  it('saves the details form, normalizes the phone, and records a changelog entry', async () => {
    const row = await customer();
    const res = await ctx.as(manager, {
      method: 'PUT', url: `/api/customer/${row.ID}`, payload: { first_name: 'Patricia', phone: '212 555 0199', waiver_signed: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Patricia', phone: '+12125550199', waiver_signed: true });
    const entries = await ctx.database.db.select().from(changelog).where(eq(changelog.object_id, row.ID));
    expect(entries.filter((e) => e.object_type === 'customer').map((e) => JSON.parse(e.new_value).first_name)).toContain('Patricia');
  });

  it('refuses a bad phone, an unknown field and an empty name, changing nothing', async () => {
    const row = await customer();
    for (const [payload, message] of [
      [{ phone: '12' }, 'Valid Phone Number Required (ex: 111 222 3333)'],
      [{ email: 'a@b.co' }, 'unknown field email'],
      [{ first_name: ' ' }, 'first_name: Required'],
    ] as const) {
      const res = await ctx.as(manager, { method: 'PUT', url: `/api/customer/${row.ID}`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(after).toMatchObject({ first_name: row.first_name, phone: row.phone, email: row.email });
  });

  it('keeps the rules of POST /customer for the fields an edit changes, and refuses an unknown facility', async () => {
    const YEAR = 365 * 86400;
    const adult = await customer({ phone: '+12125550100' });
    const kid = await customer({ is_kid: true, email: 'kid@example.com##1', birthdate: nowSeconds() - 8 * YEAR, gender: 'Girl' });
    const cases = [
      [kid, manager, { birthdate: nowSeconds() + YEAR }, 'birthdate: Valid Child Birthdate Required'],
      [kid, manager, { birthdate: nowSeconds() - 30 * YEAR }, 'birthdate: Valid Child Birthdate Required'],
      [kid, manager, { birthdate: null }, 'birthdate: Valid Child Birthdate Required'],
      [kid, manager, { gender: 'Alien' }, 'gender: Required'],
      [adult, manager, { birthdate: -9e15 }, 'birthdate: Valid Birthdate Required'],
      [adult, manager, { birthdate: nowSeconds() + YEAR }, 'birthdate: Valid Birthdate Required'],
      [adult, manager, { phone: '' }, 'phone: Valid Phone Number Required (ex: 111 222 3333)'],
      [adult, manager, { parent_email: 'not an email' }, 'parent_email: Valid Email Required'],
      [adult, admin, { facility_id: 9999 }, 'Please select a facility'],
    ] as const;
    for (const [row, token, payload, message] of cases) {
      const res = await ctx.as(token, { method: 'PUT', url: `/api/customer/${row.ID}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const stored = async (id: number) => (await ctx.database.db.select().from(customers).where(eq(customers.ID, id)))[0];
    expect(await stored(kid.ID)).toMatchObject({ birthdate: kid.birthdate, gender: 'Girl' });
    expect(await stored(adult.ID)).toMatchObject({ phone: '+12125550100', birthdate: null, parent_email: '', facility_id: 1 });

    // Unchanged values pass as they are: a child on record past 18 can still have the rest saved.
    const grown = await customer({ is_kid: true, email: 'old@example.com##2', birthdate: nowSeconds() - 20 * YEAR, gender: '' });
    const saved = await ctx.as(manager, { method: 'PUT', url: `/api/customer/${grown.ID}`, payload: { first_name: 'Grown', birthdate: grown.birthdate, gender: '' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().first_name).toBe('Grown');
  });

  it('lets only admins add credit (a body with only credits, the new balance in dollars)', async () => {
    const row = await customer({ credits: 500 });
    const refused = await ctx.as(manager, { method: 'PUT', url: `/api/customer/${row.ID}`, payload: { credits: 30 } });
    expect(refused.statusCode).toBe(403);
    const res = await ctx.as(admin, { method: 'PUT', url: `/api/customer/${row.ID}`, payload: { credits: 30.25 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().credits).toBe(30.25);
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(after.credits).toBe(3025);
    expect((await ctx.as(admin, { method: 'PUT', url: `/api/customer/${row.ID}`, payload: { credits: -1 } })).statusCode).toBe(400);
    const huge = await ctx.as(admin, { method: 'PUT', url: `/api/customer/${row.ID}`, payload: { credits: 1e20 } });
    expect(huge.json()).toMatchObject({ statusCode: 400, message: 'credits: must be at most $1,000,000.00' });
    const [kept] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(kept.credits).toBe(3025);
  });

  it('answers the version as ETag and refuses a stale If-Match, so two admins adding credit at once lose neither', async () => {
    const row = await customer({ credits: 1000 });
    const url = `/api/customer/${row.ID}`;
    const seen = (await ctx.as(admin, { method: 'GET', url })).headers.etag as string;
    expect(seen).toMatch(/^"\d+"$/);
    // Another facility's customer answers 404 with no version to give it away.
    expect((await ctx.as(manager2, { method: 'GET', url })).headers.etag).toBeUndefined();
    const changesBefore = (await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'customer'), eq(changelog.object_id, row.ID)))).length;

    // Both saw $10.00; one adds $5, the other $20, each sending the balance it computed.
    const [first, second] = await Promise.all([15, 30].map((credits) =>
      ctx.as(admin, { method: 'PUT', url, payload: { credits }, headers: { 'if-match': seen } })));
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 412]);
    const [winner, loser] = first.statusCode === 200 ? [first, second] : [second, first];
    expect(loser.json().message).toBe(STALE_CUSTOMER);
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(after.credits).toBe(winner.json().credits * 100);
    expect((await ctx.database.db.select().from(changelog).where(and(eq(changelog.object_type, 'customer'), eq(changelog.object_id, row.ID)))).length).toBe(changesBefore + 1);

    // The winner's answer carries the new version, which the next change may use; the old one stays stale.
    const fresh = winner.headers.etag as string;
    expect(fresh).not.toBe(seen);
    expect((await ctx.as(admin, { method: 'PUT', url, payload: { credits: 40 }, headers: { 'if-match': fresh } })).statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'PUT', url, payload: { credits: 50 }, headers: { 'if-match': fresh } })).statusCode).toBe(412);
    expect((await ctx.as(admin, { method: 'PUT', url, payload: { credits: 50 }, headers: { 'if-match': 'W/"nonsense"' } })).statusCode).toBe(412);
    // Whatever the tag, another facility's or a missing customer stays a 404.
    expect((await ctx.as(manager2, { method: 'PUT', url, payload: { first_name: 'x' }, headers: { 'if-match': 'garbage' } })).statusCode).toBe(404);
    expect((await ctx.as(admin, { method: 'PUT', url: '/api/customer/999999', payload: { first_name: 'x' }, headers: { 'if-match': '"1"' } })).statusCode).toBe(404);
    const [last] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(last.credits).toBe(4000);
  });
});

describe('PUT /customer/email/{id}', () => {
  it('refuses an empty or bad email and a ## email with the spec’s messages', async () => {
    const row = await customer();
    for (const [query, message] of [
      ['', 'Invalid email'],
      ['?email=', 'Invalid email'],
      ['?email=not-an-email', 'Invalid email'],
      ['?email=kid%40example.com%23%2312', 'Email cannot contain ## character (need to be a parent email)'],
    ]) {
      const res = await ctx.as(manager, { method: 'PUT', url: `/api/customer/email/${row.ID}${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('changes a parent’s email, keeps the children’s in step, mails the new address; kids are refused', async () => {
    const { db } = ctx.database;
    const parent = await customer();
    const child = await customer({ is_kid: true });
    await db.update(customers).set({ email: `${parent.email}##${child.ID}` }).where(eq(customers.ID, child.ID));
    await db.insert(families).values({ parent_id: parent.ID, child_id: child.ID });
    const res = await ctx.as(manager, { method: 'PUT', url: `/api/customer/email/${parent.ID}?email=New.Parent%40Example.com` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email confirmation sent', email: 'new.parent@example.com' });
    const [kid] = await db.select().from(customers).where(eq(customers.ID, child.ID));
    expect(kid.email).toBe(`new.parent@example.com##${child.ID}`);
    expect(ctx.outbox.at(-1)?.to).toBe('new.parent@example.com');
    const refused = await ctx.as(manager, { method: 'PUT', url: `/api/customer/email/${child.ID}?email=kid%40example.com` });
    expect(refused.statusCode).toBe(400);
  });
});

describe('note, suspension', () => {
  it('saves a note', async () => {
    const row = await customer();
    const res = await ctx.as(manager, { method: 'PUT', url: `/api/customer/note/${row.ID}`, payload: { note: 'Prefers evening games' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().note).toBe('Prefers evening games');
  });

  it('suspends a player while now is inside the period, and lifts it', async () => {
    const row = await customer();
    const now = nowSeconds();
    const past = await ctx.as(manager, {
      method: 'POST', url: '/api/customer/suspension', payload: { customer_id: row.ID, from: now - 10 * HOUR, until: now - 5 * HOUR, foul: 'Fight', notes: '' },
    });
    expect(past.statusCode).toBe(201);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/customer/${row.ID}` })).json().suspended).toBe(false);
    const current = await ctx.as(manager, {
      method: 'POST', url: '/api/customer/suspension', payload: { customer_id: row.ID, from: now - HOUR, until: now + 24 * HOUR, foul: 'Red card', notes: 'Two games' },
    });
    expect((await ctx.as(manager, { method: 'GET', url: `/api/customer/${row.ID}` })).json().suspended).toBe(true);
    expect((await ctx.as(manager2, { method: 'DELETE', url: `/api/suspension/${current.json().ID}` })).statusCode).toBe(404);
    expect((await ctx.as(manager, { method: 'DELETE', url: `/api/suspension/${current.json().ID}` })).statusCode).toBe(200);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/customer/${row.ID}` })).json().suspended).toBe(false);
  });

  it('refuses a period ending before it starts and another facility’s customer', async () => {
    const row = await customer();
    const bad = await ctx.as(manager, { method: 'POST', url: '/api/customer/suspension', payload: { customer_id: row.ID, from: 100, until: 50, foul: 'x' } });
    expect(bad.statusCode).toBe(400);
    const other = await customer({ facility_id: 2 });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/customer/suspension', payload: { customer_id: other.ID, from: 1, until: 2, foul: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(await ctx.database.db.$count(suspensions, eq(suspensions.customer_id, row.ID))).toBe(0);
  });
});

describe('profile picture', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  function multipart(bytes: Buffer, type = 'image/png') {
    const boundary = '----touchline';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: ${type}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('stores an image and serves it back', async () => {
    const row = await customer();
    const image = Buffer.concat([PNG, Buffer.alloc(1000, 7)]);
    const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/${row.ID}/profile-picture`, ...multipart(image) });
    expect(res.statusCode).toBe(200);
    const photo = res.json().photo as string;
    expect(photo).toMatch(/^\/api\/files\/customers\/\d+-[0-9a-f]{32}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('refuses a photo over 716800 bytes with File is too big! and a non-image', async () => {
    const row = await customer();
    const big = Buffer.concat([PNG, Buffer.alloc(716800, 1)]);
    const res = await ctx.as(manager, { method: 'POST', url: `/api/customer/${row.ID}/profile-picture`, ...multipart(big) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('File is too big!');
    const text = await ctx.as(manager, { method: 'POST', url: `/api/customer/${row.ID}/profile-picture`, ...multipart(Buffer.from('hello'), 'image/png') });
    expect(text.statusCode).toBe(400);
    const unreadable = await ctx.as(manager, {
      method: 'POST', url: `/api/customer/${row.ID}/profile-picture`, headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage',
    });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(UNREADABLE_UPLOAD);
    const [after] = await ctx.database.db.select().from(customers).where(eq(customers.ID, row.ID));
    expect(after.photo).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/files/customers/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('tabs: contracts, e-player, classes, free trials', () => {
  async function classWithEvent(accepts: boolean, start: number, name = `Trial class ${start}`) {
    const { db } = ctx.database;
    const [cls] = await db.insert(classes).values({
      name, start_date: start - 86400, end_date: start + 86400 * 30, facility_id: 1, accepts_free_trial: accepts,
    }).returning();
    const [field] = await db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
    const [event] = await db.insert(events).values({
      product_type_id: 10, field_id: field.ID, facility_id: 1, start_date: start, end_date: start + HOUR, class_id: cls.ID,
    }).returning();
    return { cls, event };
  }

  it('lists contracts and the e-player', async () => {
    const row = await customer();
    await ctx.database.db.insert(contracts).values({ name: 'Winter block', facility_id: 1, customer_id: row.ID, product_type_id: 2, fee: 12000 });
    const list = await ctx.as(manager, { method: 'GET', url: `/api/contract/cust/${row.ID}` });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Winter block', fee: 120, product_type: expect.objectContaining({ ID: 2 }) })]);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/eplayer/cust/${row.ID}` })).json()).toBeNull();
  });

  it('adds a free trial on an upcoming event; a child needs a parent on record', async () => {
    const { cls, event } = await classWithEvent(true, nowSeconds() + 86400);
    const child = await customer({ is_kid: true });
    const payload = { class_id: cls.ID, event_id: event.ID, customer_id: child.ID };
    const orphan = await ctx.as(manager, { method: 'POST', url: '/api/class/trial', payload });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().message).toBe('The selected child appears to have no parent on our records');
    const parent = await customer();
    await ctx.database.db.insert(families).values({ parent_id: parent.ID, child_id: child.ID });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/class/trial', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: child.ID, parent_id: parent.ID, event_id: event.ID });
    const again = await ctx.as(manager, { method: 'POST', url: '/api/class/trial', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This customer already has a free trial on this event');
    expect(await ctx.database.db.$count(trialAssistants, eq(trialAssistants.customer_id, child.ID))).toBe(1);
    const upcoming = await ctx.as(manager, { method: 'GET', url: '/api/class/trial/upcoming' });
    expect(upcoming.json()).toContainEqual(expect.objectContaining({ class: expect.objectContaining({ ID: cls.ID }), event: expect.objectContaining({ ID: event.ID }) }));
    expect((await ctx.as(manager2, { method: 'GET', url: '/api/class/trial/upcoming' })).json()).not.toContainEqual(expect.objectContaining({ event: expect.objectContaining({ ID: event.ID }) }));
    const trials = await ctx.as(manager, { method: 'GET', url: `/api/class/trial/customer/${child.ID}` });
    expect(trials.json()).toEqual([expect.objectContaining({ class: { ID: cls.ID, name: cls.name }, event: expect.objectContaining({ ID: event.ID }) })]);
  });

  it('offers a customer only upcoming sessions of the classes that fit them, with their field (issue 8 item 17)', async () => {
    const soon = nowSeconds() + 3 * 86400;
    const u6 = await classWithEvent(true, soon, 'Youth Class U6 Fall');
    const u10 = await classWithEvent(true, soon + HOUR, 'Youth Class U10 Fall');
    const adults = await classWithEvent(true, soon + 2 * HOUR, 'Adult Skills Clinic');
    const past = await classWithEvent(true, nowSeconds() - 86400, 'Youth Class U10 Past');
    const years = (n: number) => nowSeconds() - n * 365.25 * 86400 - 86400 * 30;
    const offered = async (id: number) => {
      const res = await ctx.as(manager, { method: 'GET', url: `/api/class/trial/upcoming?customer_id=${id}` });
      expect(res.statusCode).toBe(200);
      const ids = res.json().map((s: { event: { ID: number } }) => s.event.ID);
      expect(ids).not.toContain(past.event.ID);
      return ids.filter((e: number) => [u6, u10, adults].some((c) => c.event.ID === e));
    };
    expect(await offered((await customer()).ID)).toEqual([adults.event.ID]);
    expect(await offered((await customer({ is_kid: true, birthdate: Math.round(years(4)) })).ID)).toEqual([u6.event.ID, u10.event.ID]);
    expect(await offered((await customer({ is_kid: true, birthdate: Math.round(years(8)) })).ID)).toEqual([u10.event.ID]);
    const [session] = (await ctx.as(manager, { method: 'GET', url: `/api/class/trial/upcoming?customer_id=${(await customer()).ID}` })).json()
      .filter((s: { event: { ID: number } }) => s.event.ID === adults.event.ID);
    const [field] = await ctx.database.db.select().from(fields).where(eq(fields.facility_id, 1)).limit(1);
    expect(session).toEqual({ class: { ID: adults.cls.ID, name: 'Adult Skills Clinic', facility_id: 1 }, event: expect.objectContaining({ ID: adults.event.ID }), field: { ID: field.ID, name: field.name } });
    const elsewhere = await customer({ facility_id: 2 });
    expect((await ctx.as(manager, { method: 'GET', url: `/api/class/trial/upcoming?customer_id=${elsewhere.ID}` })).statusCode).toBe(404);
    expect((await ctx.as(manager, { method: 'GET', url: '/api/class/trial/upcoming?customer_id=0x1' })).statusCode).toBe(400);
  });

  it('refuses a past event and a class without trials', async () => {
    const adult = await customer();
    const past = await classWithEvent(true, nowSeconds() - 86400);
    const closed = await classWithEvent(false, nowSeconds() + 86400);
    for (const [{ cls, event }, message] of [[past, 'Please select an upcoming event of this class'], [closed, 'This class does not accept free trials']] as const) {
      const res = await ctx.as(manager, { method: 'POST', url: '/api/class/trial', payload: { class_id: cls.ID, event_id: event.ID, customer_id: adult.ID } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await ctx.database.db.$count(trialAssistants, eq(trialAssistants.customer_id, adult.ID))).toBe(0);
    expect((await ctx.as(manager, { method: 'GET', url: `/api/class/customer/${adult.ID}` })).json()).toEqual([]);
  });
});
