-- Each payment carries its invoice's facility and product type, so that the reports read a period's
-- payments off one covering index (an index-only scan) instead of joining every invoice. The database
-- keeps the copies right, whoever writes: a payment takes them from its invoice on insert (or a move to
-- another invoice), and an invoice's change of facility or product type reaches its payments.
DROP INDEX "payments_created_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "product_type_id" integer;--> statement-breakpoint
UPDATE "payments" p SET "facility_id" = i."facility_id", "product_type_id" = i."product_type_id" FROM "invoices" i WHERE i."id" = p."invoice_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "payments_from_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i."facility_id", i."product_type_id" INTO NEW."facility_id", NEW."product_type_id" FROM "invoices" i WHERE i."id" = NEW."invoice_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_from_invoice" BEFORE INSERT OR UPDATE OF "invoice_id" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_from_invoice"();--> statement-breakpoint
CREATE FUNCTION "invoices_to_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "payments" SET "facility_id" = NEW."facility_id", "product_type_id" = NEW."product_type_id" WHERE "invoice_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_to_payments" AFTER UPDATE OF "facility_id", "product_type_id" ON "invoices"
  FOR EACH ROW WHEN (OLD."facility_id" IS DISTINCT FROM NEW."facility_id" OR OLD."product_type_id" IS DISTINCT FROM NEW."product_type_id")
  EXECUTE FUNCTION "invoices_to_payments"();--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id","invoice_id","type","amount","facility_id","product_type_id");
