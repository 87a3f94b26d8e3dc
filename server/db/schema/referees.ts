import { index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ref, timestamps } from './columns';
import { matches } from './leagues';
import { users } from './staff';

/** The referee (a staff member) assigned to a match; one per match. */
export const refereeAssignments = pgTable('referee_assignments', {
  ID: id(),
  match_id: ref('match_id').notNull().references(() => matches.ID, { onDelete: 'cascade' }),
  referee_id: ref('referee_id').notNull().references(() => users.ID),
  ...timestamps,
}, (t) => [
  uniqueIndex('referee_assignments_match_idx').on(t.match_id),
  index('referee_assignments_referee_idx').on(t.referee_id),
]);
