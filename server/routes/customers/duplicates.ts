import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { findDuplicates } from '../../../core/api/customers';
import { normalizeUsPhone } from '../../../core/validation/phone';
import { parseBirthdate } from '../../../core/validation/customer';
import { customers } from '../../db/schema';
import { serve } from '../../http/endpoint';
import { customerNameOrder, inUserScope, selectCustomerSummaries } from '../../domain/customers/summary';

// GET /customer/duplicates: the customers a new one would likely duplicate (issue 8 item 7), which the
// add-participant wizard shows before creating. A customer matches on the same email (any case), the
// same phone (its digits, however it was typed), or the same first and last name (any case) and birth
// date. Scoped like the search: non-admins see only their facility, an admin the facility asked for.

/** More candidates than this are not read by anyone deciding whether to go on. */
const DUPLICATE_LIMIT = 10;

/** A phone's digits as stored (+1XXXXXXXXXX → 1XXXXXXXXXX); null when too short to mean anything. */
function phoneDigits(phone: string): string | null {
  const digits = (normalizeUsPhone(phone) ?? phone).replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
}

const digitsOf = (column: typeof customers.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

export async function customerDuplicateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  serve(app, findDuplicates, async ({ user, query: input }) => {
    const email = input.email.toLowerCase();
    const phone = phoneDigits(input.phone);
    const birthdate = input.birthdate ? parseBirthdate(input.birthdate) : null;
    const [first, last] = [input.first_name.toLowerCase(), input.last_name.toLowerCase()];
    const byName = first && last && birthdate !== null;

    const criteria: SQL[] = [];
    if (email) criteria.push(eq(sql`lower(${customers.email})`, email));
    if (phone) criteria.push(eq(digitsOf(customers.phone), phone));
    if (byName) {
      criteria.push(and(
        eq(sql`lower(${customers.first_name})`, first), eq(sql`lower(${customers.last_name})`, last), eq(customers.birthdate, birthdate),
      )!);
    }
    if (!criteria.length) return [];

    const rows = await selectCustomerSummaries(db)
      .where(and(inUserScope(user, input.facility_id), isNull(customers.deleted_at), or(...criteria)))
      .orderBy(...customerNameOrder)
      .limit(DUPLICATE_LIMIT);
    return rows.map((row) => ({
      ...row,
      matched: [
        ...(email && row.email.toLowerCase() === email ? ['email' as const] : []),
        ...(phone && row.phone.replace(/\D/g, '') === phone ? ['phone' as const] : []),
        ...(byName && row.first_name.toLowerCase() === first && row.last_name.toLowerCase() === last && row.birthdate === birthdate
          ? ['name_birthdate' as const] : []),
      ],
    }));
  });
}
