import type { Db } from '../../../server/db/client';
import { customers } from '../../../server/db/schema';

let serial = 0;

/** A customer row written straight to the database: facility 1, a unique name and email unless given. */
export async function insertCustomer(db: Db, values: Partial<typeof customers.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db.insert(customers).values({
    first_name: 'Test', last_name: `Customer${serial}`, email: `customer${serial}@example.com`, facility_id: 1, ...values,
  }).returning();
  return row;
}
