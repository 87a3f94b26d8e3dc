-- Each payment carries the tax and processing fee inside it (issue 22 item 5), split by its own invoice
-- as it stood when the payment was made, instead of at its facility's current rates: a change of rates
-- no longer rewrites the sales of past months. payments_from_invoice (migration 0010) fills them in:
-- round(amount × the invoice lines' taxes / the lines' total), half away from zero, likewise the fee;
-- a reversal or refund is split as the payment it gives back was (a full reversal is its exact
-- opposite). Existing payments are split by their invoice's lines of today. sales_days then sums the
-- payments' own splits, and only a facility's change of zone rebuilds its rows.
DROP INDEX "payments_created_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- round(amount × part / whole) half away from zero in integers; 0 where there is nothing to split by.
CREATE FUNCTION "payment_share"(amount bigint, part bigint, whole bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $fn$
  SELECT CASE WHEN whole IS NULL OR whole <= 0 OR part IS NULL THEN 0
    ELSE CASE WHEN amount < 0 THEN -1 ELSE 1 END * ((2 * abs(amount) * part + whole) / (2 * whole)) END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payments_from_invoice"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  whole bigint;
  taxes bigint;
  fees bigint;
BEGIN
  SELECT i."facility_id", i."product_type_id" INTO NEW."facility_id", NEW."product_type_id" FROM "invoices" i WHERE i."id" = NEW."invoice_id";
  IF coalesce(NEW."reversal_of_id", NEW."refund_of_id") IS NULL THEN
    SELECT sum(it."quantity" * it."price" + it."amount_taxes" + it."amount_fees"), sum(it."amount_taxes"), sum(it."amount_fees")
      INTO whole, taxes, fees FROM "invoice_items" it WHERE it."invoice_id" = NEW."invoice_id";
  ELSE
    SELECT o."amount", o."tax", o."fee" INTO whole, taxes, fees FROM "payments" o WHERE o."id" = coalesce(NEW."reversal_of_id", NEW."refund_of_id");
  END IF;
  NEW."tax" := "payment_share"(NEW."amount", taxes, whole);
  NEW."fee" := "payment_share"(NEW."amount", fees, whole);
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "payments_from_invoice" ON "payments";--> statement-breakpoint
CREATE TRIGGER "payments_from_invoice" BEFORE INSERT OR UPDATE OF "invoice_id", "amount", "reversal_of_id", "refund_of_id" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_from_invoice"();--> statement-breakpoint
-- The existing payments, before sales_days learns the new columns (its triggers see these updates as no change).
UPDATE "payments" p SET "tax" = "payment_share"(p."amount", w.taxes, w.whole), "fee" = "payment_share"(p."amount", w.fees, w.whole)
FROM (SELECT "invoice_id", sum("quantity" * "price" + "amount_taxes" + "amount_fees")::bigint AS whole, sum("amount_taxes")::bigint AS taxes, sum("amount_fees")::bigint AS fees
  FROM "invoice_items" GROUP BY "invoice_id") w
WHERE w."invoice_id" = p."invoice_id" AND p."reversal_of_id" IS NULL AND p."refund_of_id" IS NULL;--> statement-breakpoint
UPDATE "payments" p SET "tax" = "payment_share"(p."amount", o."tax", o."amount"), "fee" = "payment_share"(p."amount", o."fee", o."amount")
FROM "payments" o WHERE o."id" = coalesce(p."reversal_of_id", p."refund_of_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_days_sql"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$INSERT INTO "sales_days" AS s ("day", "facility_id", "product_type_id", "type", "refund", "count", "collected", "tax", "fee")
    SELECT (to_timestamp(p."created_at") AT TIME ZONE f."time_zone")::date, p."facility_id", p."product_type_id", p."type", p."amount" < 0,
      sum(p.k), sum(p.k * p."amount"), sum(p.k * p."tax"), sum(p.k * p."fee")
    FROM (%s) p
    JOIN "facilities" f ON f."id" = p."facility_id"
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(p.k) <> 0 OR sum(p.k * p."amount") <> 0 OR sum(p.k * p."tax") <> 0 OR sum(p.k * p."fee") <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("day", "facility_id", "product_type_id", "type", "refund") DO UPDATE SET "count" = s."count" + excluded."count",
      "collected" = s."collected" + excluded."collected", "tax" = s."tax" + excluded."tax", "fee" = s."fee" + excluded."fee"$q$, source)
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_days_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := '"facility_id", "created_at", "product_type_id", "type", "amount", "tax", "fee"';
  changed int[];
BEGIN
  IF TG_TABLE_NAME = 'facilities' THEN
    SELECT array_agg(n."id") INTO changed FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."time_zone" IS DISTINCT FROM o."time_zone";
    IF changed IS NOT NULL THEN
      DELETE FROM "sales_days" WHERE "facility_id" = ANY (changed);
      EXECUTE "sales_days_sql"(format('SELECT %s, 1 AS k FROM "payments" WHERE "facility_id" = ANY ($1)', columns)) USING changed;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE "sales_days_sql"(format('SELECT %s, 1 AS k FROM new_rows', columns));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE "sales_days_sql"(format('SELECT %s, -1 AS k FROM old_rows', columns));
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE "sales_days_sql"(format('SELECT %1$s, 1 AS k FROM new_rows UNION ALL SELECT %1$s, -1 FROM old_rows', columns));
  ELSE
    TRUNCATE "sales_days";
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
DELETE FROM "sales_days";--> statement-breakpoint
DO $do$ BEGIN
  EXECUTE "sales_days_sql"('SELECT "facility_id", "created_at", "product_type_id", "type", "amount", "tax", "fee", 1 AS k FROM "payments"');
END $do$;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id","invoice_id","type","amount","facility_id","product_type_id","tax","fee");
