import { createHash } from 'node:crypto';
import { aliasedTable, and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WAIVER_MESSAGES, type FacilityWaiver, type PortalWaiver, type PortalWaiverSigned, type WaiverSignature, type WaiverVersion } from '../../../core/api/waivers';
import { textPdf } from '../../../core/pdf';
import { scopeFacility } from '../../../core/permissions';
import { formatDateTimeZone, nowSeconds } from '../../../core/time';
import { ageInYears } from '../../../core/validation/display';
import type { PortalUser } from '../../auth/portalSession';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { customers, facilities, waiverSignatures, waiverVersions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../services/mail/mailer';
import { reachableCustomer } from '../customers/summary';
import { familyIds } from '../portal/family';

// Waivers (issue 43 §6). A facility's text is kept in versions: an edit adds a row with the text's
// SHA-256, and the newest row is current, so a new version asks everyone again. A signature records
// the version, its hash, the typed name, the time, the IP and the user agent. customers.waiver_signed
// (the roster's xW mark, the profile's switch) follows: a new version clears it for the facility's
// customers, a signature of the customer's own facility's current version sets it. The signer gets a
// copy by mail, its text and a PDF of it (core/pdf).

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const versionWire = (row: typeof waiverVersions.$inferSelect): WaiverVersion => ({
  ID: row.ID, facility_id: row.facility_id, text: row.text, sha256: row.sha256, CreatedAt: row.CreatedAt,
});

/** The facility when the staff user reaches it (theirs unless admin), else 404. */
async function reachableFacility(db: Db | Tx, user: SessionUser, id: number) {
  const scope = scopeFacility(user, id);
  const [row] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, scope ?? id));
  if (!row || row.ID !== id) throw notFound('Facility');
  return row;
}

/** The current version of each of these facilities (the newest row of each). */
async function currentVersions(db: Db | Tx, facilityIds: number[]) {
  if (!facilityIds.length) return [];
  return db.selectDistinctOn([waiverVersions.facility_id]).from(waiverVersions)
    .where(inArray(waiverVersions.facility_id, facilityIds))
    .orderBy(waiverVersions.facility_id, desc(waiverVersions.ID));
}

/** GET /facility/{id}/waiver. */
export async function facilityWaiver(db: Db, user: SessionUser, id: number): Promise<FacilityWaiver> {
  await reachableFacility(db, user, id);
  const rows = await db.select().from(waiverVersions).where(eq(waiverVersions.facility_id, id)).orderBy(desc(waiverVersions.ID));
  const versions = rows.map(versionWire);
  return { current: versions[0] ?? null, versions };
}

/** POST /facility/{id}/waiver: a new current version; every customer of the facility is asked again. */
export async function addWaiverVersion(db: Db, user: SessionUser, id: number, text: string): Promise<WaiverVersion> {
  return db.transaction(async (tx) => {
    await reachableFacility(tx, user, id);
    await tx.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, id)).for('update');
    const [current] = await currentVersions(tx, [id]);
    if (current?.text === text) throw badRequest(WAIVER_MESSAGES.unchanged);
    const [row] = await tx.insert(waiverVersions).values({ facility_id: id, text, sha256: sha256(text), user_id: user.ID }).returning();
    await tx.update(customers).set({ waiver_signed: false }).where(and(eq(customers.facility_id, id), eq(customers.waiver_signed, true)));
    return versionWire(row);
  });
}

/** GET /customer/{id}/waivers. */
export async function customerWaivers(db: Db, user: SessionUser, id: number): Promise<WaiverSignature[]> {
  await reachableCustomer(db, user, id);
  const signer = aliasedTable(customers, 'signer');
  const rows = await db.select({ signature: waiverSignatures, facility: { ID: facilities.ID, name: facilities.name }, signed_by: { ID: signer.ID, first_name: signer.first_name, last_name: signer.last_name } })
    .from(waiverSignatures)
    .innerJoin(waiverVersions, eq(waiverVersions.ID, waiverSignatures.version_id))
    .innerJoin(facilities, eq(facilities.ID, waiverVersions.facility_id))
    .innerJoin(signer, eq(signer.ID, waiverSignatures.signed_by))
    .where(eq(waiverSignatures.customer_id, id))
    .orderBy(desc(waiverSignatures.signed_at), desc(waiverSignatures.ID));
  const current = new Set((await currentVersions(db, [...new Set(rows.map((r) => r.facility.ID))])).map((v) => v.ID));
  return rows.map(({ signature: s, facility, signed_by }) => ({
    ID: s.ID, customer_id: s.customer_id, version_id: s.version_id, facility, sha256: s.sha256, full_name: s.full_name,
    signed_at: s.signed_at, signed_by, ip: s.ip, user_agent: s.user_agent, current: current.has(s.version_id),
  }));
}

/** The family members who sign (the holder, and each child under 18: a child of 18 signs for themself). */
async function signers(db: Db | Tx, holder: PortalUser) {
  const ids = await familyIds(db, holder);
  const rows = await db.select({ ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, birthdate: customers.birthdate, facility_id: customers.facility_id })
    .from(customers).where(inArray(customers.ID, ids));
  const now = nowSeconds();
  const byId = new Map(rows.map((r) => [r.ID, r]));
  return ids.flatMap((id) => byId.get(id) ?? [])
    .filter((r) => r.ID === holder.customer_id || r.birthdate === null || ageInYears(r.birthdate, now) < 18);
}

/** GET /portal/waivers: each signer × each current version of the family's facilities. */
export async function portalWaivers(db: Db, holder: PortalUser): Promise<PortalWaiver[]> {
  const people = await signers(db, holder);
  const versions = await currentVersions(db, [...new Set(people.map((p) => p.facility_id))]);
  if (!versions.length) return [];
  const names = new Map((await db.select({ ID: facilities.ID, name: facilities.name }).from(facilities).where(inArray(facilities.ID, versions.map((v) => v.facility_id)))).map((f) => [f.ID, f.name]));
  const signed = await db.select().from(waiverSignatures).where(and(
    inArray(waiverSignatures.customer_id, people.map((p) => p.ID)), inArray(waiverSignatures.version_id, versions.map((v) => v.ID)),
  ));
  return people.flatMap((p) => versions.map((v) => {
    const s = signed.find((x) => x.customer_id === p.ID && x.version_id === v.ID);
    return {
      customer_id: p.ID, first_name: p.first_name, last_name: p.last_name, facility: { ID: v.facility_id, name: names.get(v.facility_id) ?? '' },
      version: versionWire(v), signed: s ? { full_name: s.full_name, signed_at: s.signed_at } : null,
    };
  }));
}

export interface SignDeps { db: Db; mailer: Mailer; log: FastifyBaseLogger }
export interface SignInput { customer_id: number; version_id: number; full_name: string }

/**
 * POST /portal/waivers/sign: 404 unless the customer signs in this family and the version is of one of
 * the family's facilities; 409 once a newer version is current. Signing a version again answers the
 * first signature (nothing mailed twice).
 */
export async function signWaiver({ db, mailer, log }: SignDeps, holder: PortalUser, input: SignInput, client: { ip: string; user_agent: string }): Promise<PortalWaiverSigned> {
  const result = await db.transaction(async (tx) => {
    const people = await signers(tx, holder);
    const person = people.find((p) => p.ID === input.customer_id);
    if (!person) throw notFound('Customer');
    const [version] = await tx.select().from(waiverVersions)
      .where(and(eq(waiverVersions.ID, input.version_id), inArray(waiverVersions.facility_id, [...new Set(people.map((p) => p.facility_id))])));
    if (!version) throw notFound('Waiver version');
    // Locked as a new version locks it: a version made meanwhile is seen.
    const [facility] = await tx.select().from(facilities).where(eq(facilities.ID, version.facility_id)).for('share');
    const [current] = await currentVersions(tx, [version.facility_id]);
    if (current.ID !== version.ID) throw conflict(WAIVER_MESSAGES.notCurrent);
    const [inserted] = await tx.insert(waiverSignatures).values({
      customer_id: person.ID, version_id: version.ID, signed_by: holder.customer_id, full_name: input.full_name, sha256: version.sha256,
      signed_at: nowSeconds(), ip: client.ip, user_agent: client.user_agent.slice(0, 500),
    }).onConflictDoNothing().returning();
    const [row] = inserted ? [inserted] : await tx.select().from(waiverSignatures)
      .where(and(eq(waiverSignatures.customer_id, person.ID), eq(waiverSignatures.version_id, version.ID)));
    if (person.facility_id === version.facility_id) await tx.update(customers).set({ waiver_signed: true }).where(eq(customers.ID, person.ID));
    return { row, fresh: !!inserted, person, version, facility };
  });
  const { row, person, version, facility } = result;
  if (result.fresh) {
    const [to] = await db.select({ email: customers.email, first_name: customers.first_name }).from(customers).where(eq(customers.ID, holder.customer_id));
    const record = [
      `Signed for: ${person.first_name} ${person.last_name}`,
      `Signed by: ${row.full_name}`,
      `Signed at: ${formatDateTimeZone(row.signed_at, facility.time_zone)}`,
      `From: ${row.ip} (${row.user_agent || 'unknown browser'})`,
      `Version ${version.ID}, SHA-256 ${version.sha256}`,
    ];
    const lines = [`Hello ${to.first_name},`, '', `This is your copy of the waiver of ${facility.name}, signed for ${person.first_name} ${person.last_name} (also attached as a PDF).`, ...record.slice(1), '', '———', '', version.text, ''];
    const pdf = textPdf({ title: `Waiver of ${facility.name}`, paragraphs: [...record, '', ...version.text.split('\n')] });
    try {
      await mailer.send({
        to: to.email, subject: `Waiver signed for ${person.first_name} ${person.last_name} at ${facility.name}`, text: lines.join('\n'),
        attachments: [{ filename: `waiver-${version.ID}-${person.ID}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf, 'latin1') }],
      });
    } catch (error) {
      log.warn({ err: error, signature: row.ID }, 'waiver copy mail failed');
    }
  }
  return { customer_id: row.customer_id, version_id: row.version_id, sha256: row.sha256, full_name: row.full_name, signed_at: row.signed_at };
}

