DROP INDEX "customers_search_idx";--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search" gin_trgm_ops) WITH (fastupdate=false);