-- Customer names in byte order (customerNameOrder in server/routes/customers/summary.ts): the same
-- order on every database, compared with memcmp instead of a strcoll call per comparison.
DROP INDEX "customers_name_idx";--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name" collate "C","first_name" collate "C","id");
