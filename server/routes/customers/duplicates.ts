import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeUsPhone } from '../../../core/validation/phone';
import { parseBirthdate } from '../../../core/validation/customer';
import { authorize } from '../../auth/guard';
import { customers } from '../../db/schema';
import { parse } from '../../http/validate';
import { facilityFilterId } from '../../../core/validation/wire';
import { customerNameOrder, type CustomerSummary, inUserScope, selectCustomerSummaries } from './summary';

// GET /customer/duplicates: the customers a new one would likely duplicate (issue 8 item 7), which the
// add-participant wizard shows before creating. A customer matches on the same email (any case), the
// same phone (its digits, however it was typed), or the same first and last name (any case) and birth
// date. Scoped like the search: non-admins see only their facility, an admin the facility asked for.

/** More candidates than this are not read by anyone deciding whether to go on. */
const DUPLICATE_LIMIT = 10;

export type DuplicateMatch = 'email' | 'phone' | 'name_birthdate';

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`).default('');
const duplicatesQuery = z.strictObject({
  first_name: text(100),
  last_name: text(100),
  email: text(254),
  phone: text(40),
  /** M/D/YYYY, as the wizard takes it. */
  birthdate: text(10).refine((value) => !value || parseBirthdate(value) !== null, 'must be a date as M/D/YYYY'),
  facility_id: facilityFilterId().optional(),
});

/** A phone's digits as stored (+1XXXXXXXXXX → 1XXXXXXXXXX); null when too short to mean anything. */
function phoneDigits(phone: string): string | null {
  const digits = (normalizeUsPhone(phone) ?? phone).replace(/\D/g, '');
  return digits.length >= 7 ? digits : null;
}

const digitsOf = (column: typeof customers.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

export async function customerDuplicateRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get('/customer/duplicates', async (request): Promise<Array<CustomerSummary & { matched: DuplicateMatch[] }>> => {
    const user = authorize(request, 'customers', 'create');
    const input = parse(duplicatesQuery, request.query);
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
