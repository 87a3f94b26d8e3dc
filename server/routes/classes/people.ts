import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Attendee, Child, InvoiceFigures, ClassPerson, TrialRow, WaitlistRow } from '../../../core/api/classes';
import { toDollars } from '../../../core/money';
import { nowSeconds } from '../../../core/time';
import type { Db, Tx } from '../../db/client';
import { attendees, customers, invoices, memberships, trialAssistants, waitlists } from '../../db/schema';

// The people of a class as its page shows them (spec 3 §3 Attendee, Trial attendee, Waitlist entry):
// the child, the parent, the invoice's figures and whether the child holds a valid membership. Read in
// a few queries for a whole class (no query per row).

type Registration = typeof attendees.$inferSelect | typeof waitlists.$inferSelect | typeof trialAssistants.$inferSelect;

const childColumns = {
  ID: customers.ID, first_name: customers.first_name, last_name: customers.last_name, email: customers.email, phone: customers.phone,
  birthdate: customers.birthdate, details: customers.details,
};

const invoiceFigures = { ID: invoices.ID, invoiced: invoices.invoiced, discounted: invoices.discounted, paid: invoices.paid };

async function peopleOf(db: Db | Tx, rows: Registration[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.customer_id, ...(r.parent_id ? [r.parent_id] : [])]))];
  const invoiceIds = rows.flatMap((r) => (r.invoice_id ? [r.invoice_id] : []));
  const [people, bills, members] = ids.length ? await Promise.all([
    db.select(childColumns).from(customers).where(inArray(customers.ID, ids)),
    invoiceIds.length ? db.select(invoiceFigures).from(invoices).where(inArray(invoices.ID, invoiceIds)) : [],
    db.select({ ID: memberships.sub_customer_id }).from(memberships).where(and(inArray(memberships.sub_customer_id, ids), gte(memberships.valid_until, nowSeconds()))),
  ]) : [[], [], []];
  const byId = new Map(people.map((p) => [p.ID, p]));
  const billById = new Map(bills.map((b) => [b.ID, b]));
  const memberIds = new Set(members.map((m) => m.ID));
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

export async function attendeesAnswer(db: Db | Tx, rows: Array<typeof attendees.$inferSelect>): Promise<Attendee[]> {
  const p = await peopleOf(db, rows);
  return rows.map((r) => ({
    ID: r.ID, class_id: r.class_id, customer_id: r.customer_id, customer: p.child(r.customer_id), parent: p.person(r.parent_id),
    uniform_size: r.uniform_size, invoice_id: r.invoice_id, invoice: p.invoice(r.invoice_id), has_active_membership: p.member(r.customer_id), CreatedAt: r.CreatedAt,
  }));
}

export async function attendeeAnswer(db: Db | Tx, row: typeof attendees.$inferSelect): Promise<Attendee> {
  return (await attendeesAnswer(db, [row]))[0];
}

export async function waitlistsAnswer(db: Db | Tx, rows: Array<typeof waitlists.$inferSelect>): Promise<WaitlistRow[]> {
  return (await attendeesAnswer(db, rows.map((r) => ({ ...r })))).map(({ class_id: _c, ...rest }) => rest);
}

export async function waitlistAnswer(db: Db | Tx, row: typeof waitlists.$inferSelect): Promise<WaitlistRow> {
  return (await waitlistsAnswer(db, [row]))[0];
}

export async function trialsAnswer(db: Db | Tx, rows: Array<typeof trialAssistants.$inferSelect>): Promise<TrialRow[]> {
  const p = await peopleOf(db, rows);
  return rows.map((r) => ({
    ID: r.ID, class_id: r.class_id, event_id: r.event_id, customer_id: r.customer_id, customer: p.child(r.customer_id), parent: p.person(r.parent_id),
    uniform_size: r.uniform_size, CreatedAt: r.CreatedAt,
  }));
}

/** The rows of some classes, in the order the page lists them. */
export const attendeeRows = (db: Db | Tx, classIds: number[]) => db.select().from(attendees).where(inArray(attendees.class_id, classIds)).orderBy(asc(attendees.CreatedAt), asc(attendees.ID));
export const waitlistRows = (db: Db | Tx, classId: number) => db.select().from(waitlists).where(eq(waitlists.class_id, classId)).orderBy(asc(waitlists.CreatedAt), asc(waitlists.ID));
