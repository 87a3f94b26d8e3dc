import type { SessionUser } from '../../auth/session';
import type { Tx } from '../../db/client';
import { recordChange } from '../../services/changelog';
import { customerWire, type CustomerRow } from './access';

// Customer changes are audited (GET /changelog?object=customer&id=): each write of the profile records
// the customer as it is after the change, with what else changed (a suspension, a merge …), inside
// the write's transaction (no user: the family's own, from the portal).

export async function recordCustomerChange(
  tx: Tx,
  user: SessionUser | null,
  row: CustomerRow,
  action: 'create' | 'update' | 'delete' | 'merge',
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordChange(tx, { object: 'customer', object_id: row.ID, action, user_id: user?.ID ?? null, new_value: { ...customerWire(row), ...extra } });
}
