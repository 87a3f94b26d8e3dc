-- An invoice's sums kept on its row, so the invoice reports and the customer profile read them instead
-- of summing every item, discount and payment: invoiced (items' quantity × price + taxes + fees),
-- discounted (the discounts applied) and paid (the payments, refunds negative). The database keeps them
-- right whoever writes: statement triggers on the three tables add what each INSERT, UPDATE or DELETE
-- changed, per invoice (a row moved to another invoice takes its amount from the old one to the new).
ALTER TABLE "invoices" ADD COLUMN "invoiced" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discounted" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- TG_ARGV: the invoices column to keep and the amount of one row of the table. The invoices are locked in
-- ID order before they are updated, so two statements lock the invoices they share in the same order.
-- Transition tables are seen only by the trigger function's own statements, hence EXECUTE here.
CREATE FUNCTION "invoice_totals_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  target constant text := TG_ARGV[0];
  amount constant text := TG_ARGV[1];
  source text;
  ids int[];
  deltas bigint[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE "invoices" SET %1$I = 0 WHERE %1$I <> 0', target);
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    source := format('SELECT "invoice_id", %s AS s FROM new_rows', amount);
  ELSIF TG_OP = 'DELETE' THEN
    source := format('SELECT "invoice_id", -(%s) AS s FROM old_rows', amount);
  ELSE
    source := format('SELECT "invoice_id", %1$s AS s FROM new_rows UNION ALL SELECT "invoice_id", -(%1$s) FROM old_rows', amount);
  END IF;
  EXECUTE format('SELECT array_agg("invoice_id" ORDER BY "invoice_id"), array_agg(s ORDER BY "invoice_id")
    FROM (SELECT "invoice_id", sum(s) AS s FROM (%s) r GROUP BY "invoice_id" HAVING sum(s) <> 0) d', source) INTO ids, deltas;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 1 THEN
    PERFORM 1 FROM "invoices" WHERE "id" = ANY (ids) ORDER BY "id" FOR UPDATE;
  END IF;
  EXECUTE format('UPDATE "invoices" i SET %1$I = i.%1$I + d.s FROM unnest($1, $2) d("id", s) WHERE i."id" = d."id"', target) USING ids, deltas;
  RETURN NULL;
END $fn$;--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_insert" AFTER INSERT ON "invoice_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('invoiced', '"quantity" * "price" + "amount_taxes" + "amount_fees"');--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_update" AFTER UPDATE ON "invoice_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('invoiced', '"quantity" * "price" + "amount_taxes" + "amount_fees"');--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_delete" AFTER DELETE ON "invoice_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('invoiced', '"quantity" * "price" + "amount_taxes" + "amount_fees"');--> statement-breakpoint
CREATE TRIGGER "invoice_items_totals_truncate" AFTER TRUNCATE ON "invoice_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('invoiced', '');--> statement-breakpoint
CREATE TRIGGER "discount_applications_totals_insert" AFTER INSERT ON "discount_applications" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('discounted', '"amount"');--> statement-breakpoint
CREATE TRIGGER "discount_applications_totals_update" AFTER UPDATE ON "discount_applications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('discounted', '"amount"');--> statement-breakpoint
CREATE TRIGGER "discount_applications_totals_delete" AFTER DELETE ON "discount_applications" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('discounted', '"amount"');--> statement-breakpoint
CREATE TRIGGER "discount_applications_totals_truncate" AFTER TRUNCATE ON "discount_applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('discounted', '');--> statement-breakpoint
CREATE TRIGGER "payments_totals_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('paid', '"amount"');--> statement-breakpoint
CREATE TRIGGER "payments_totals_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('paid', '"amount"');--> statement-breakpoint
CREATE TRIGGER "payments_totals_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('paid', '"amount"');--> statement-breakpoint
CREATE TRIGGER "payments_totals_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_track"('paid', '');--> statement-breakpoint
UPDATE "invoices" i SET "invoiced" = coalesce(it.s, 0), "discounted" = coalesce(di.s, 0), "paid" = coalesce(pa.s, 0)
FROM "invoices" x
  LEFT JOIN (SELECT "invoice_id", sum("quantity" * "price" + "amount_taxes" + "amount_fees") AS s FROM "invoice_items" GROUP BY "invoice_id") it ON it."invoice_id" = x."id"
  LEFT JOIN (SELECT "invoice_id", sum("amount") AS s FROM "discount_applications" GROUP BY "invoice_id") di ON di."invoice_id" = x."id"
  LEFT JOIN (SELECT "invoice_id", sum("amount") AS s FROM "payments" GROUP BY "invoice_id") pa ON pa."invoice_id" = x."id"
WHERE x."id" = i."id" AND (it.s IS NOT NULL OR di.s IS NOT NULL OR pa.s IS NOT NULL);
