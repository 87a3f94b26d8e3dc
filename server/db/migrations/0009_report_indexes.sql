DROP INDEX "payments_created_idx";--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id","invoice_id","type","amount");