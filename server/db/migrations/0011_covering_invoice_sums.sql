-- Covering indexes for an invoice's sums (items, discounts, payments) and a customer's invoice IDs: the
-- profile's totals over years of invoices read indexes alone instead of a heap page per invoice and sum.
DROP INDEX "discount_applications_invoice_idx";--> statement-breakpoint
DROP INDEX "invoice_items_invoice_idx";--> statement-breakpoint
DROP INDEX "invoices_customer_date_idx";--> statement-breakpoint
DROP INDEX "payments_invoice_idx";--> statement-breakpoint
CREATE INDEX "discount_applications_invoice_idx" ON "discount_applications" USING btree ("invoice_id","amount");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","quantity","price","amount_taxes","amount_fees");--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","date","id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","amount");