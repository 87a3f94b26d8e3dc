import { and, eq, inArray } from 'drizzle-orm';
import type { SiblingDiscountRule } from '../../../core/api/portalTeams';
import { scopeFacility } from '../../../core/permissions';
import { siblingAmount, siblingComment, siblingShares, type SiblingShare } from '../../../core/siblingDiscount';
import type { SessionUser } from '../../auth/session';
import type { Db, Tx } from '../../db/client';
import { attendees, discountApplications, facilities, families, siblingDiscounts } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordChange } from '../../services/changelog';

// The sibling discount (issue 44 §6): a facility's rule (sibling_discounts; set by admins and managers in
// the facility's settings) takes a percentage off the second child a family registers for the same
// program, another off the third and later (core/siblingDiscount.ts). It lands on the registration's
// invoice as the front desk's discounts do: a discount application (no discount of the list) whose
// comment says why ("Sibling discount: 2nd child −10%"); the lines and their taxes are untouched.

const ruleWire = (facilityId: number, row: typeof siblingDiscounts.$inferSelect | undefined): SiblingDiscountRule => ({
  facility_id: facilityId, enabled: row?.enabled ?? false, second_percent: Number(row?.second_percent ?? 0), later_percent: Number(row?.later_percent ?? 0),
});

async function reachableFacility(db: Db | Tx, user: SessionUser, id: number) {
  const scope = scopeFacility(user, id);
  const [row] = await db.select({ ID: facilities.ID }).from(facilities).where(eq(facilities.ID, scope ?? id));
  if (!row || row.ID !== id) throw notFound('Facility');
}

/** GET /facility/{id}/sibling_discount. */
export async function siblingRuleOf(db: Db, user: SessionUser, facilityId: number): Promise<SiblingDiscountRule> {
  await reachableFacility(db, user, facilityId);
  const [row] = await db.select().from(siblingDiscounts).where(eq(siblingDiscounts.facility_id, facilityId));
  return ruleWire(facilityId, row);
}

/** PUT /facility/{id}/sibling_discount. */
export async function setSiblingRule(db: Db, user: SessionUser, facilityId: number, body: Omit<SiblingDiscountRule, 'facility_id'>): Promise<SiblingDiscountRule> {
  return db.transaction(async (tx) => {
    await reachableFacility(tx, user, facilityId);
    const [row] = await tx.insert(siblingDiscounts).values({ facility_id: facilityId, ...body })
      .onConflictDoUpdate({ target: siblingDiscounts.facility_id, set: body }).returning();
    const wire = ruleWire(facilityId, row);
    await recordChange(tx, { object: 'sibling_discount', object_id: facilityId, action: 'edit', user_id: user.ID, new_value: wire });
    return wire;
  });
}

/** A program whose registrations count as one for the discount: a class or camp (its attendees). */
export type SiblingProgram = { type: 'class'; id: number };

export interface SiblingLine extends SiblingShare {
  /** Why it applies, as the invoice shows it. */
  comment: string;
}

/**
 * The sibling discount of each participant registering now for `program` at `facility_id`.
 *
 * Contract: `participant_ids` are the children registering in this request, in the order their
 * registrations are made; the call reads (inside the caller's transaction, which should hold the
 * program's lock) the children already registered for the program who share a parent with one of them,
 * and answers one line per new participant (participants already registered are left out) with its
 * position in the family, the percent off and the comment. It writes nothing. An empty list when the
 * facility has no rule or it is off. The caller takes `siblingAmount(price, line.percent)` off each
 * registration's invoice, e.g. by applySiblingDiscount.
 */
export async function siblingDiscountLines(tx: Db | Tx, input: { facility_id: number; program: SiblingProgram; participant_ids: number[] }): Promise<SiblingLine[]> {
  if (!input.participant_ids.length) return [];
  const [rule] = await tx.select().from(siblingDiscounts).where(and(eq(siblingDiscounts.facility_id, input.facility_id), eq(siblingDiscounts.enabled, true)));
  if (!rule) return [];
  const parents = await tx.select({ ID: families.parent_id }).from(families).where(inArray(families.child_id, input.participant_ids));
  const siblings = parents.length
    ? (await tx.select({ ID: families.child_id }).from(families).where(inArray(families.parent_id, parents.map((p) => p.ID)))).map((s) => s.ID)
    : [];
  const registered = siblings.length
    ? (await tx.selectDistinct({ ID: attendees.customer_id }).from(attendees)
      .where(and(eq(attendees.class_id, input.program.id), inArray(attendees.customer_id, siblings))).orderBy(attendees.customer_id)).map((r) => r.ID)
    : [];
  const shares = siblingShares({ second_percent: Number(rule.second_percent), later_percent: Number(rule.later_percent) }, registered, input.participant_ids);
  return shares.map((share) => ({ ...share, comment: siblingComment(share) }));
}

/** Takes a sibling line's percent of `priceCents` off the invoice (nothing when it comes to 0). */
export async function applySiblingDiscount(tx: Tx, invoiceId: number, priceCents: number, line: SiblingLine, userId: number | null) {
  const amount = siblingAmount(priceCents, line.percent);
  if (amount <= 0) return null;
  const [row] = await tx.insert(discountApplications).values({ invoice_id: invoiceId, discount_id: null, amount, comment: line.comment, user_id: userId }).returning();
  return row;
}
