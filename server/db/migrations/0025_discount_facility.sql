-- Each discount applied carries its invoice's facility and product type, as a payment does (migration
-- 0010), so that the sales report reads a period's discounts off one covering index instead of joining
-- every invoice (at scale the join read all of them: issue 22 item 17). The database keeps the copies
-- right, whoever writes: a discount takes them from its invoice on insert (or a move to another
-- invoice), and an invoice's change of facility or product type reaches its discounts.
ALTER TABLE "discount_applications" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "discount_applications" ADD COLUMN "product_type_id" integer;--> statement-breakpoint
UPDATE "discount_applications" d SET "facility_id" = i."facility_id", "product_type_id" = i."product_type_id" FROM "invoices" i WHERE i."id" = d."invoice_id";--> statement-breakpoint
ALTER TABLE "discount_applications" ALTER COLUMN "facility_id" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "discounts_from_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i."facility_id", i."product_type_id" INTO NEW."facility_id", NEW."product_type_id" FROM "invoices" i WHERE i."id" = NEW."invoice_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "discounts_from_invoice" BEFORE INSERT OR UPDATE OF "invoice_id" ON "discount_applications"
  FOR EACH ROW EXECUTE FUNCTION "discounts_from_invoice"();--> statement-breakpoint
CREATE FUNCTION "invoices_to_discounts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "discount_applications" SET "facility_id" = NEW."facility_id", "product_type_id" = NEW."product_type_id" WHERE "invoice_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_to_discounts" AFTER UPDATE OF "facility_id", "product_type_id" ON "invoices"
  FOR EACH ROW WHEN (OLD."facility_id" IS DISTINCT FROM NEW."facility_id" OR OLD."product_type_id" IS DISTINCT FROM NEW."product_type_id")
  EXECUTE FUNCTION "invoices_to_discounts"();--> statement-breakpoint
CREATE INDEX "discount_applications_created_idx" ON "discount_applications" USING btree ("created_at","facility_id","product_type_id","amount");
