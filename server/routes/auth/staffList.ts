import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { STAFF_SORTS } from '../../../core/api/staff';
import { facilityScope } from '../../auth/guard';
import type { SessionUser } from '../../auth/session';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { listPage, type ListPage } from '../../http/list';
import { containing, type ListQuery } from '../../http/listQuery';
import { selectStaff, visibleTo, type StaffRecord } from './staffRecords';

// GET /user: the spec's ?facility_id= and react-admin's (ra-data-simple-rest) sort, range and filter,
// with `q` words matched against the name, email and phone.

const SORTABLE = {
  ID: users.ID, email: users.email, user_type: users.user_type, first_name: users.first_name,
  last_name: users.last_name, phone: users.phone, facility_id: users.facility_id,
} as const satisfies Record<(typeof STAFF_SORTS)[number], unknown>;
type Sortable = keyof typeof SORTABLE;

const SEARCHED = [users.first_name, users.last_name, users.email, users.phone];

export type StaffPage = ListPage<StaffRecord>;

export async function listStaff(db: Db, actor: SessionUser, query: ListQuery): Promise<StaffPage> {
  const { facility_id, user_type } = query.filters as { facility_id?: number; user_type?: StaffRecord['user_type'] };
  const facility = facilityScope(actor, facility_id);
  const where = and(
    visibleTo(actor),
    facility === null ? undefined : eq(users.facility_id, facility),
    user_type ? eq(users.user_type, user_type) : undefined,
    query.ids ? inArray(users.ID, query.ids) : undefined,
    ...query.words.map((word) => or(...SEARCHED.map((column) => ilike(column, containing(word))))),
  );
  const direction = query.sort.order === 'ASC' ? asc : desc;
  return listPage(db, () => selectStaff(db).where(where).$dynamic(), [direction(SORTABLE[query.sort.field as Sortable]), direction(users.ID)], query.range);
}
