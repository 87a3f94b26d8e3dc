-- Customer search by facility: the trigram index leads with facility_id (btree_gin's operator class
-- for integers), so a manager's search narrows to their facility inside the index. PGlite loads
-- btree_gin in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "customers_search_idx";--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("facility_id","search" gin_trgm_ops) WITH (fastupdate=false);