import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { users } from './staff';

/** One change to an audited record, written by the server (GET /changelog?object=&id=). */
export const changelog = pgTable('changelog', {
  ID: id(),
  /** The kind of record: 'event', 'invoice', 'customer', … */
  object_type: text('object_type').notNull(),
  object_id: ref('object_id').notNull(),
  /** create, update or delete. */
  action: text('action').notNull(),
  user_id: ref('user_id').references(() => users.ID),
  /** The record after the change, as JSON text. */
  new_value: text('new_value').notNull().default('{}'),
  ...createdAt,
}, (t) => [
  index('changelog_object_idx').on(t.object_type, t.object_id, t.CreatedAt),
  index('changelog_user_idx').on(t.user_id),
]);

/** Once-only actions already done (POST /log/check: log_type, key), e.g. an e-league day's mail. */
export const actionLogs = pgTable('action_logs', {
  ID: id(),
  log_type: text('log_type').notNull(),
  key: text('key').notNull(),
  user_id: ref('user_id').references(() => users.ID),
  ...createdAt,
}, (t) => [uniqueIndex('action_logs_type_key_idx').on(t.log_type, t.key)]);
