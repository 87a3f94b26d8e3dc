import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIVER_MESSAGES } from '../../core/api/waivers';
import { customers, families, waiverSignatures } from '../../server/db/schema';
import type { StaffTokens, TestContext } from './harness';
import { insertCustomer } from './support/customers';
import { portal, portalContext, signedInFamily, type PortalFamily } from './support/portal';

// Waivers (issue 43 §6): versions of a facility's text kept by staff, signed in the portal by a parent
// for each child under 18 and by an adult for themself, with the version's hash, time, IP and user
// agent; a copy mailed; staff read the signatures and the roster's mark follows. On both databases.

let ctx: TestContext;
let staff: StaffTokens;
let family: PortalFamily;
beforeAll(async () => {
  ({ ctx, staff, family } = await portalContext());
});
afterAll(async () => { await ctx?.close(); });

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const newVersion = (token: string, facility: number, text: string) => ctx.api(token, 'POST', `/facility/${facility}/waiver`, { text });
const sign = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/portal/waivers/sign', headers: { authorization: `Bearer ${token}`, ...headers }, payload: body });
const waiverSigned = async (id: number) => (await ctx.database.db.select().from(customers).where(eq(customers.ID, id)))[0].waiver_signed;

describe('a facility\'s waiver versions', () => {
  it('keeps each edit as a new current version with its SHA-256, newest first', async () => {
    expect((await ctx.api(staff.admin, 'GET', '/facility/1/waiver')).json()).toEqual({ current: null, versions: [] });
    const first = await newVersion(staff.admin, 1, '  I accept the risks of indoor soccer.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ facility_id: 1, text: 'I accept the risks of indoor soccer.', sha256: sha256('I accept the risks of indoor soccer.') });
    const second = await newVersion(staff.admin, 1, 'Version two: I accept the risks.');
    expect(second.statusCode).toBe(201);
    const read = (await ctx.api(staff.admin, 'GET', '/facility/1/waiver')).json();
    expect(read.current.ID).toBe(second.json().ID);
    expect(read.versions.map((v: { ID: number }) => v.ID)).toEqual([second.json().ID, first.json().ID]);
  });

  it('refuses the same text again (400), an empty or over-long text (400), a manager and a coach (403: admins only), another facility\'s reading for a manager (404)', async () => {
    const same = await newVersion(staff.admin, 1, 'Version two: I accept the risks.');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain(WAIVER_MESSAGES.unchanged);
    expect((await newVersion(staff.admin, 1, '   ')).statusCode).toBe(400);
    expect((await newVersion(staff.admin, 1, 'x'.repeat(20_001))).statusCode).toBe(400);
    expect((await ctx.api(staff.admin, 'POST', '/facility/1/waiver', { text: 'ok', extra: 1 })).statusCode).toBe(400);
    // Admins alone edit the text: a manager reads their facility's versions but adds none, theirs or not.
    for (const facility of [1, 2]) {
      const refused = await newVersion(staff.manager, facility, 'Manager text');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(WAIVER_MESSAGES.onlyAdmins);
    }
    expect((await ctx.api(staff.manager, 'GET', '/facility/1/waiver')).statusCode).toBe(200);
    expect((await ctx.api(staff.manager, 'GET', '/facility/2/waiver')).statusCode).toBe(404);
    expect((await newVersion(staff.coach, 1, 'Coach text')).statusCode).toBe(403);
    expect((await newVersion(staff.admin, 99999, 'Nowhere')).statusCode).toBe(404);
    // A portal token opens no staff call.
    expect((await ctx.api(family.token, 'GET', '/facility/1/waiver')).statusCode).toBe(401);
  });
});

describe('signing in the portal', () => {
  it('lists the current version for the holder and each child under 18, unsigned', async () => {
    const res = await portal(ctx, family.token, 'GET', '/waivers');
    expect(res.statusCode).toBe(200);
    const current = (await ctx.api(staff.admin, 'GET', '/facility/1/waiver')).json().current;
    expect(res.json()).toEqual([family.holderId, family.childId].map((customer_id) => expect.objectContaining({
      customer_id, facility: { ID: 1, name: expect.any(String) }, version: current, signed: null,
    })));
  });

  it('leaves out a child of 18 or more: they sign for themself', async () => {
    const [holder] = await ctx.database.db.select().from(customers).where(eq(customers.ID, family.holderId));
    const grown = await insertCustomer(ctx.database.db, { is_kid: true, email: `${holder.email}##grown`, birthdate: 946_684_800 });
    await ctx.database.db.insert(families).values({ parent_id: family.holderId, child_id: grown.ID, relation: '' });
    const res = await portal(ctx, family.token, 'GET', '/waivers');
    expect(res.json().map((w: { customer_id: number }) => w.customer_id)).toEqual([family.holderId, family.childId]);
    const refused = await sign(family.token, { customer_id: grown.ID, version_id: res.json()[0].version.ID, full_name: 'Pat Parent', consent: true });
    expect(refused.statusCode).toBe(404);
  });

  it('records the version\'s hash, time, IP and user agent, mails a copy, and marks the child signed', async () => {
    const [w] = (await portal(ctx, family.token, 'GET', '/waivers')).json().filter((x: { customer_id: number }) => x.customer_id === family.childId);
    const before = ctx.outbox.length;
    const t0 = Math.floor(Date.now() / 1000);
    const res = await sign(family.token, { customer_id: family.childId, version_id: w.version.ID, full_name: '  Pat Parent ', consent: true }, { 'user-agent': 'WaiverTest/1.0' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customer_id: family.childId, version_id: w.version.ID, sha256: w.version.sha256, full_name: 'Pat Parent' });
    const [row] = await ctx.database.db.select().from(waiverSignatures).where(eq(waiverSignatures.customer_id, family.childId));
    expect(row).toMatchObject({ signed_by: family.holderId, sha256: sha256(w.version.text), ip: '127.0.0.1', user_agent: 'WaiverTest/1.0' });
    expect(row.signed_at).toBeGreaterThanOrEqual(t0);
    expect(await waiverSigned(family.childId)).toBe(true);
    expect(ctx.outbox.length).toBe(before + 1);
    const mail = ctx.outbox.at(-1)!;
    expect(mail.to).toBe(family.email);
    expect(mail.text).toContain(w.version.text);
    expect(mail.text).toContain(w.version.sha256);
    expect(mail.text).toContain('Signed by: Pat Parent');
    // The PDF copy: a valid PDF 1.4 of the text and the signature record, with the signer's name.
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.filename).toMatch(/\.pdf$/);
    const bytes = Buffer.from(pdf.content).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4\n')).toBe(true);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(bytes).toContain('(Signed by: Pat Parent) Tj');
    expect(bytes).toContain(w.version.sha256);
    const listed = (await portal(ctx, family.token, 'GET', '/waivers')).json();
    expect(listed.find((x: { customer_id: number }) => x.customer_id === family.childId).signed).toEqual({ full_name: 'Pat Parent', signed_at: row.signed_at });
    expect(listed.find((x: { customer_id: number }) => x.customer_id === family.holderId).signed).toBeNull();
    // Signing again answers the first signature and mails nothing.
    const again = await sign(family.token, { customer_id: family.childId, version_id: w.version.ID, full_name: 'Someone Else', consent: true });
    expect(again.statusCode).toBe(201);
    expect(again.json().full_name).toBe('Pat Parent');
    expect(ctx.outbox.length).toBe(before + 1);
  });

  it('shows staff the signatures on the profile; another facility\'s manager gets 404', async () => {
    const res = await ctx.api(staff.manager, 'GET', `/customer/${family.childId}/waivers`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({
      customer_id: family.childId, full_name: 'Pat Parent', signed_by: expect.objectContaining({ ID: family.holderId }), user_agent: 'WaiverTest/1.0', current: true,
    })]);
    expect((await ctx.api(staff.manager2, 'GET', `/customer/${family.childId}/waivers`)).statusCode).toBe(404);
    expect((await ctx.api(staff.admin, 'GET', `/customer/${family.holderId}/waivers`)).json()).toEqual([]);
  });

  it('a new version asks again: the old one answers 409, the mark is cleared, the old signature is no longer current', async () => {
    const old = (await portal(ctx, family.token, 'GET', '/waivers')).json()[0].version;
    const next = (await newVersion(staff.admin, 1, 'Version three: new rules.')).json();
    expect(await waiverSigned(family.childId)).toBe(false);
    const stale = await sign(family.token, { customer_id: family.holderId, version_id: old.ID, full_name: 'Pat Parent', consent: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain(WAIVER_MESSAGES.notCurrent);
    const listed = (await portal(ctx, family.token, 'GET', '/waivers')).json();
    expect(listed.map((w: { version: { ID: number }; signed: unknown }) => [w.version.ID, w.signed])).toEqual([[next.ID, null], [next.ID, null]]);
    expect((await ctx.api(staff.admin, 'GET', `/customer/${family.childId}/waivers`)).json()[0].current).toBe(false);
    expect((await sign(family.token, { customer_id: family.holderId, version_id: next.ID, full_name: 'Pat Parent', consent: true })).statusCode).toBe(201);
    expect(await waiverSigned(family.holderId)).toBe(true);
  });

  it('answers 404 for another family\'s member or another facility\'s version, writing nothing', async () => {
    const other = await signedInFamily(ctx, staff.admin);
    const facility2 = (await newVersion(staff.admin, 2, 'Facility two waiver')).json();
    const current = (await portal(ctx, family.token, 'GET', '/waivers')).json()[0].version;
    for (const body of [
      { customer_id: other.childId, version_id: current.ID },
      { customer_id: other.holderId, version_id: current.ID },
      { customer_id: family.childId, version_id: facility2.ID },
      { customer_id: family.childId, version_id: 999_999 },
    ]) {
      const res = await sign(family.token, { ...body, full_name: 'Pat Parent', consent: true });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await ctx.database.db.select().from(waiverSignatures).where(eq(waiverSignatures.customer_id, other.childId))).toEqual([]);
  });

  it('refuses hostile or incomplete input (400) without writing', async () => {
    const current = (await portal(ctx, family.token, 'GET', '/waivers')).json()[1].version;
    const base = { customer_id: family.childId, version_id: current.ID, full_name: 'Pat Parent', consent: true };
    const bad: Array<[Record<string, unknown>, string?]> = [
      [{ ...base, consent: false }, WAIVER_MESSAGES.consent],
      [{ ...base, consent: 'true' }, WAIVER_MESSAGES.consent],
      [{ ...base, full_name: '  ' }, WAIVER_MESSAGES.fullName],
      [{ ...base, full_name: 'x'.repeat(201) }],
      [{ ...base, customer_id: '1 OR 1=1' }],
      [{ ...base, version_id: -1 }],
      [{ ...base, customer_id: 1.5 }],
      [{ ...base, signed_at: 1 }],
      [{ customer_id: family.childId, version_id: current.ID, full_name: 'Pat Parent' }, WAIVER_MESSAGES.consent],
    ];
    for (const [body, message] of bad) {
      const res = await sign(family.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect(await ctx.database.db.select().from(waiverSignatures).where(eq(waiverSignatures.version_id, current.ID))).toHaveLength(1);
    // No portal session: 401; a staff token opens no portal call.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/portal/waivers' })).statusCode).toBe(401);
    expect((await portal(ctx, staff.admin, 'GET', '/waivers')).statusCode).toBe(401);
  });
});
