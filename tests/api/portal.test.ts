import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MESSAGES } from '../../core/api/portal';
import { simulatorToken } from '../../core/square';
import { CUSTOMER_PHONE_MESSAGE } from '../../core/validation/phone';
import { customers, families, payments, portalLoginTokens, portalSessions } from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { createTestContext, type TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { mailedPortalToken, portal, portalSignIn, signedInFamily, type PortalFamily } from './support/portal';

// The families' portal (issue 43): sign-in from a mailed single-use link, the family, adding a child,
// contact details, invoices and paying one by card through the Square simulator. On both databases.

let ctx: TestContext;
let admin: string;
let family: PortalFamily;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@touchline.test');
  family = await signedInFamily(ctx, admin);
});
afterAll(async () => { await ctx?.close(); });

const VISA = simulatorToken('4111 1111 1111 1111');
const DECLINED = simulatorToken('4000 0000 0000 0002');

describe('signing in to the portal', () => {
  it('answers 202 and mails a single-use link to a customer with the address, whatever its case', async () => {
    const holder = await insertCustomer(ctx.database.db, { email: 'Parent.Case@Example.com' });
    const before = ctx.outbox.length;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: 'parent.case@example.COM' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PORTAL_MESSAGES.linkSent });
    expect(ctx.outbox.length).toBe(before + 1);
    const mail = ctx.outbox.at(-1)!;
    expect(mail.to).toBe(holder.email);
    expect(mail.text).toMatch(/http:\/\/touchline\.test\/my\/login\/[A-Za-z0-9_-]{43}/);
    expect(mail.text).toContain('15 minutes');
    // Only the hash is kept.
    const token = mailedPortalToken(ctx, holder.email);
    const [row] = await ctx.database.db.select().from(portalLoginTokens).where(eq(portalLoginTokens.customer_id, holder.ID));
    expect(row.token_hash).toBe(hashToken(token));
    expect(row.expires_at - row.CreatedAt).toBe(15 * 60);
  });

  it('answers the same 202 and mails nothing for an unknown address, a child\'s or a deleted customer\'s', async () => {
    await insertCustomer(ctx.database.db, { email: 'gone@example.com', deleted_at: 1 });
    await insertCustomer(ctx.database.db, { email: 'kid-only@example.com', is_kid: true });
    const before = ctx.outbox.length;
    for (const email of ['nobody@example.com', 'gone@example.com', 'kid-only@example.com']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email } });
      expect(res.statusCode, email).toBe(202);
      expect(res.json()).toEqual({ message: PORTAL_MESSAGES.linkSent });
    }
    expect(ctx.outbox.length).toBe(before);
  });

  it('refuses a body that is not an email (400)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: 'not an email' } });
    expect(res.statusCode).toBe(400);
  });

  it('exchanges a link once: a session token, then 401', async () => {
    const holder = await insertCustomer(ctx.database.db);
    await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: holder.email } });
    const token = mailedPortalToken(ctx, holder.email);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().customer).toEqual({ ID: holder.ID, first_name: holder.first_name, last_name: holder.last_name });
    const session = first.json().token as string;
    const [stored] = await ctx.database.db.select().from(portalSessions).where(eq(portalSessions.customer_id, holder.ID));
    expect(stored.token_hash).toBe(hashToken(session));
    const again = await ctx.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(PORTAL_MESSAGES.linkInvalid);
  });

  it('refuses an expired link (401) and an unknown one (401)', async () => {
    const holder = await insertCustomer(ctx.database.db);
    await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: holder.email } });
    const token = mailedPortalToken(ctx, holder.email);
    await ctx.database.db.update(portalLoginTokens).set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).where(eq(portalLoginTokens.customer_id, holder.ID));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/session', payload: { token: 'x'.repeat(43) } })).statusCode).toBe(401);
  });

  it('limits links per address as the staff sign-in: the 11th request in 15 minutes answers 429', async () => {
    const holder = await insertCustomer(ctx.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: holder.email } })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    expect(ctx.outbox.filter((m) => m.to === holder.email)).toHaveLength(10);
    // An unknown address is limited the same way, so a 429 tells nothing either.
    for (let i = 0; i < 10; i += 1) await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: 'limited-nobody@example.com' } });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/portal/login', payload: { email: 'limited-nobody@example.com' } })).statusCode).toBe(429);
  });

  it('keeps portal and staff sessions apart: a portal token opens no staff call, a staff token no portal call', async () => {
    expect((await ctx.as(family.token, { method: 'GET', url: '/check' })).statusCode).toBe(401);
    expect((await ctx.api(family.token, 'GET', `/customer/${family.holderId}`)).statusCode).toBe(401);
    expect((await ctx.api(family.token, 'GET', `/invoice/1`)).statusCode).toBe(401);
    expect((await portal(ctx, admin, 'GET', '/me')).statusCode).toBe(401);
    expect((await portal(ctx, admin, 'GET', '/invoices')).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/portal/me' })).statusCode).toBe(401);
    expect((await portal(ctx, family.token, 'GET', '/me')).statusCode).toBe(200);
  });

  it('signs out: the token stops working', async () => {
    const holder = await insertCustomer(ctx.database.db);
    const token = await portalSignIn(ctx, holder.email);
    expect((await portal(ctx, token, 'POST', '/logout')).statusCode).toBe(204);
    expect((await portal(ctx, token, 'GET', '/me')).statusCode).toBe(401);
  });
});

describe('the family', () => {
  it('GET /me answers the holder, the linked children, memberships and signed waivers', async () => {
    await ctx.database.db.update(customers).set({ waiver_signed: true }).where(eq(customers.ID, family.childId));
    const res = await portal(ctx, family.token, 'GET', '/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.holder.ID).toBe(family.holderId);
    expect(me.holder.is_kid).toBe(false);
    expect(me.children.map((c: { ID: number }) => c.ID)).toEqual([family.childId]);
    expect(me.children[0].email).toBe(`${family.email}##${family.childId}`);
    expect(me.waivers).toEqual([{ customer_id: family.childId, signed: true }]);
    expect(me.memberships).toEqual([]);
  });

  it('POST /children adds a child to the family (the staff family link), and refuses the same child twice (409)', async () => {
    const body = { first_name: 'Lena', last_name: 'Portal', birth_date: '2016-04-30', gender: 'Girl' };
    const res = await portal(ctx, family.token, 'POST', '/children', body);
    expect(res.statusCode, res.body).toBe(201);
    const child = res.json();
    expect(child).toMatchObject({ first_name: 'Lena', last_name: 'Portal', birthdate: Date.UTC(2016, 3, 30) / 1000, gender: 'Girl', is_kid: true, facility_id: 1 });
    expect(child.email).toBe(`${family.email}##${child.ID}`);
    const links = await ctx.database.db.select().from(families).where(eq(families.child_id, child.ID));
    expect(links.map((l) => l.parent_id)).toEqual([family.holderId]);
    // Staff see the child on the parent's family.
    const staffView = await ctx.api(admin, 'GET', `/family/${family.holderId}`);
    expect(staffView.body).toContain(`"ID":${child.ID}`);
    const twice = await portal(ctx, family.token, 'POST', '/children', { ...body, first_name: 'lena' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(PORTAL_MESSAGES.duplicateChild);
    const me = (await portal(ctx, family.token, 'GET', '/me')).json();
    expect(me.children.map((c: { ID: number }) => c.ID)).toEqual([family.childId, child.ID]);
  });

  it('POST /children refuses a bad birth date, an adult, an unknown gender (400)', async () => {
    for (const [birth_date, gender] of [['2016-02-30', 'Boy'], ['1980-01-01', 'Boy'], ['30/04/2016', 'Boy'], ['2016-04-30', 'Other']]) {
      const res = await portal(ctx, family.token, 'POST', '/children', { first_name: 'A', last_name: 'B', birth_date, gender });
      expect(res.statusCode, `${birth_date} ${gender}`).toBe(400);
    }
  });

  it('PUT /me edits the holder\'s contact details only', async () => {
    const res = await portal(ctx, family.token, 'PUT', '/me', { phone: '(555) 555-0199', address: '1 Portal Way', state: 'TX' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().holder).toMatchObject({ phone: '+15555550199', address: '1 Portal Way', state: 'TX' });
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.ID, family.holderId));
    expect(row.address).toBe('1 Portal Way');
    expect((await portal(ctx, family.token, 'PUT', '/me', { email: 'other@example.com' })).statusCode).toBe(400);
    // The /my form shows each reason under its field: the refusal names them by field.
    const refused = await portal(ctx, family.token, 'PUT', '/me', { phone: '12', address: 'x'.repeat(201) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ phone: CUSTOMER_PHONE_MESSAGE, address: 'at most 200 characters' });
    const [kept] = await ctx.database.db.select().from(customers).where(eq(customers.ID, family.holderId));
    expect(kept).toMatchObject({ phone: '+15555550199', address: '1 Portal Way' });
  });
});

describe('invoices and paying by card', () => {
  /** An untaxed invoice of `dollars` for `customer_id`, made by staff. */
  const invoiceFor = async (customer_id: number, dollars: number) => {
    const res = await ctx.api(admin, 'POST', '/invoice', { facility_id: 1, customer_id, invoice_items: [{ price: dollars, amount_taxes: 0, amount_fees: 0 }] });
    if (res.statusCode >= 300) throw new Error(res.body);
    return res.json().ID as number;
  };

  it('lists the family\'s invoices (the holder\'s and the children\'s) and shows one as the public page does', async () => {
    const mine = await invoiceFor(family.holderId, 30);
    const child = await invoiceFor(family.childId, 12.5);
    const list = await portal(ctx, family.token, 'GET', '/invoices');
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((i: { ID: number }) => i.ID);
    expect(ids).toEqual(expect.arrayContaining([mine, child]));
    expect(list.json().find((i: { ID: number }) => i.ID === child)).toMatchObject({ customer_id: family.childId, total: 12.5, balance: 12.5, balance_state: 'owed' });
    const one = await portal(ctx, family.token, 'GET', `/invoices/${mine}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ ID: mine, total: 30, balance: 30, paid: 0, balance_state: 'owed', refunded: 0 });
    expect(one.json()).not.toHaveProperty('user_id');
    expect(one.json().invoice_items).toHaveLength(1);
  });

  it('answers the card form\'s configuration (the simulator in tests) to a portal session only', async () => {
    const res = await portal(ctx, family.token, 'GET', '/card');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'simulator', application_id: null, location_id: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/portal/card' })).statusCode).toBe(401);
  });

  it('pays by card: the payment on the invoice, a receipt mailed; a retry with the key answers the first result', async () => {
    const id = await invoiceFor(family.holderId, 40);
    const body = { idempotency_key: 'portal-pay-0001', source_id: VISA, amount: 15.25 };
    const first = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', amount: 15.25, balance: 24.75 });
    const receipt = ctx.outbox.at(-1)!;
    expect(receipt.to).toBe(family.email);
    expect(receipt.subject).toContain(`invoice ${id}`);
    expect(receipt.text).toContain('$15.25');
    const retry = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, id));
    expect(rows.map((p) => [p.amount, p.type])).toEqual([[1525, 'card']]);
    // The same key with another amount is refused.
    const reused = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { ...body, amount: 1 });
    expect(reused.statusCode).toBe(409);
    const shown = (await portal(ctx, family.token, 'GET', `/invoices/${id}`)).json();
    expect(shown).toMatchObject({ paid: 15.25, balance: 24.75 });
    expect(shown.payments).toHaveLength(1);
  });

  it('never takes more than the balance, nor nothing, and says so when the card is declined', async () => {
    const id = await invoiceFor(family.childId, 20);
    const over = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-over', source_id: VISA, amount: 20.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(PORTAL_MESSAGES.overBalance);
    const zero = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-zero', source_id: VISA, amount: 0 });
    expect(zero.statusCode).toBe(400);
    const declined = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-decl', source_id: DECLINED, amount: 20 });
    expect(declined.statusCode).toBe(402);
    const full = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-full', source_id: VISA, amount: 20 });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().balance).toBe(0);
    const more = await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-more', source_id: VISA, amount: 0.01 });
    expect(more.statusCode).toBe(400);
    const rows = await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, id));
    expect(rows.map((p) => p.amount)).toEqual([2000]);
  });

  it('answers 404 for an invoice of no family member', async () => {
    const stranger = await insertCustomer(ctx.database.db);
    const id = await invoiceFor(stranger.ID, 10);
    expect((await portal(ctx, family.token, 'GET', `/invoices/${id}`)).statusCode).toBe(404);
    expect((await portal(ctx, family.token, 'POST', `/invoices/${id}/pay`, { idempotency_key: 'portal-pay-strn', source_id: VISA, amount: 1 })).statusCode).toBe(404);
    expect((await ctx.database.db.select().from(payments).where(eq(payments.invoice_id, id)))).toEqual([]);
  });
});
