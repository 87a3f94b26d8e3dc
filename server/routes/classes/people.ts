import { inArray, sql } from 'drizzle-orm';
import type { Attendee, Child, InvoiceFigures, ClassPerson, TrialRow, WaitlistRow } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { attendees, customers, invoices, memberships, trialAssistants, waitlists } from '../../db/schema';

// The people of a class as its page shows them (spec 3 §3 Attendee, Trial attendee, Waitlist entry):
// the child, the parent, the invoice's figures and whether the child holds a valid membership. A
// registration's answer reads them in two queries, one after the other (on a transaction the
// connection takes one query at a time); the class page reads them within its one statement.

type AttendeeRow = typeof attendees.$inferSelect;
type WaitlistEntry = typeof waitlists.$inferSelect;
type TrialEntry = typeof trialAssistants.$inferSelect;
type Registration = AttendeeRow | WaitlistEntry | TrialEntry;

const childColumns = {
  ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, phone: customers.phone,
  birthdate: customers.birthdate, details: customers.details,
};

export const invoiceFigures = { ID: invoices.ID, invoiced: invoices.invoiced, discounted: invoices.discounted, paid: invoices.paid };

/** A registration's child or parent, with whether they hold a valid membership now. */
export const personColumns = {
  ...childColumns,
  member: sql<boolean>`exists (select 1 from ${memberships} m where m.sub_customer_id = ${customers.ID} and m.valid_until >= ${nowSeconds()})`,
};
type PersonRow = { [K in keyof typeof childColumns]: (typeof customers.$inferSelect)[K] } & { member: boolean };
type BillRow = Pick<typeof invoices.$inferSelect, 'ID' | 'invoiced' | 'discounted' | 'paid'>;

export async function peopleOf(db: Db | Tx, rows: Registration[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.customer_id, ...(r.parent_id ? [r.parent_id] : [])]))];
  const invoiceIds = rows.flatMap((r) => (r.invoice_id ? [r.invoice_id] : []));
  const people = ids.length ? await db.select(personColumns).from(customers).where(inArray(customers.ID, ids)) : [];
  const bills = invoiceIds.length ? await db.select(invoiceFigures).from(invoices).where(inArray(invoices.ID, invoiceIds)) : [];
  return peopleFrom(people, bills);
}

/** The people and invoice figures of some registrations, read (peopleOf, or the class page's one statement), as the answers take them. */
export function peopleFrom(people: PersonRow[], bills: BillRow[]) {
  const byId = new Map(people.map(({ member: _m, ...p }) => [p.ID, p]));
  const billById = new Map(bills.map((b) => [b.ID, b]));
  const memberIds = new Set(people.filter((p) => p.member).map((p) => p.ID));
  const person = (id: number | null): ClassPerson | null => {
    const p = id === null ? undefined : byId.get(id);
    return p ? { ID: p.ID, first_name: p.first_name, last_name: p.last_name, email: p.email, phone: p.phone } : null;
  };
  const child = (id: number): Child => byId.get(id) ?? { ID: id, first_name: '', last_name: '', email: null, phone: null, birthdate: null, details: null };
  const invoice = (id: number | null): InvoiceFigures | null => {
    const b = id === null ? undefined : billById.get(id);
    return b ? { ID: b.ID, invoiced: toDollars(b.invoiced), discounted: toDollars(b.discounted), paid: toDollars(b.paid), balance: toDollars(b.invoiced - b.discounted - b.paid) } : null;
  };
  return { person, child, invoice, member: (id: number) => memberIds.has(id) };
}
export type People = ReturnType<typeof peopleFrom>;

/** An attendee (or a waitlist entry, which has the same shape) with its people. */
export const attendeeOf = (p: People) => (r: AttendeeRow): Attendee => ({
  ID: r.ID, class_id: r.class_id, customer_id: r.customer_id, customer: p.child(r.customer_id), parent: p.person(r.parent_id),
  uniform_size: r.uniform_size, source: r.source, invoice_id: r.invoice_id, invoice: p.invoice(r.invoice_id), has_active_membership: p.member(r.customer_id), CreatedAt: r.CreatedAt,
});

export const waitlistOf = (p: People) => (r: WaitlistEntry): WaitlistRow => {
  const { class_id: _c, ...rest } = attendeeOf(p)(r);
  return rest;
};

export const trialOf = (p: People) => (r: TrialEntry): TrialRow => ({
  ID: r.ID, class_id: r.class_id, event_id: r.event_id, customer_id: r.customer_id, customer: p.child(r.customer_id), parent: p.person(r.parent_id),
  uniform_size: r.uniform_size, CreatedAt: r.CreatedAt,
});

export const attendeeAnswer = async (db: Db | Tx, row: AttendeeRow): Promise<Attendee> => attendeeOf(await peopleOf(db, [row]))(row);
export const waitlistAnswer = async (db: Db | Tx, row: WaitlistEntry): Promise<WaitlistRow> => waitlistOf(await peopleOf(db, [row]))(row);
export const trialAnswer = async (db: Db | Tx, row: TrialEntry): Promise<TrialRow> => trialOf(await peopleOf(db, [row]))(row);
