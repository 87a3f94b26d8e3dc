DROP INDEX "invoices_facility_date_idx";--> statement-breakpoint
DROP INDEX "invoices_date_idx";--> statement-breakpoint
CREATE INDEX "events_facility_length_idx" ON "events" USING btree ("facility_id",("end_date" - "start_date"));--> statement-breakpoint
CREATE INDEX "invoices_facility_date_idx" ON "invoices" USING btree ("facility_id","date","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("date","id");