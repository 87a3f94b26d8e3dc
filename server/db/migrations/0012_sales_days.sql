-- The payments summed per day (in the facility's zone), facility, product type, payment type and sign,
-- with the tax and fee inside them at the facility's rates: the cash-basis sales report reads these few
-- rows instead of every payment of its period. The database keeps them right whoever writes: statement
-- triggers add what each INSERT, UPDATE or DELETE of payments changed (an invoice's move to another
-- facility or product type reaches them through its payments), and a change of a facility's tax rate,
-- processing fee or time zone sums that facility's payments again.
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"facility_id" integer NOT NULL,
	"product_type_id" integer,
	"type" text NOT NULL,
	"refund" boolean NOT NULL,
	"count" bigint NOT NULL,
	"collected" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"fee" bigint NOT NULL,
	CONSTRAINT "sales_days_key" UNIQUE NULLS NOT DISTINCT("day","facility_id","product_type_id","type","refund")
);--> statement-breakpoint
-- The statement that adds `source`'s payments (facility_id, created_at, product_type_id, type, amount and
-- k: 1 to add, -1 to take away) to sales_days. Tax and fee: round(amount × rate / (1 + tax + fee)) half
-- away from zero, in millionths, exactly as the sales report splits a payment (server/routes/reports/sales.ts).
-- Rows are written in key order, so two statements lock the rows they share in the same order.
CREATE FUNCTION "sales_days_sql"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT format($q$INSERT INTO "sales_days" AS s ("day", "facility_id", "product_type_id", "type", "refund", "count", "collected", "tax", "fee")
    SELECT (to_timestamp(p."created_at") AT TIME ZONE f."time_zone")::date, p."facility_id", p."product_type_id", p."type", p."amount" < 0,
      sum(p.k), sum(p.k * p."amount"), sum(p.k * x.tax), sum(p.k * x.fee)
    FROM (%s) p
    JOIN (SELECT "id", "time_zone", ("tax_rate" * 1000000)::bigint AS tax_m, ("processing_fee" * 1000000)::bigint AS fee_m,
        1000000 + ("tax_rate" * 1000000)::bigint + ("processing_fee" * 1000000)::bigint AS whole_m FROM "facilities") f ON f."id" = p."facility_id"
    CROSS JOIN LATERAL (SELECT CASE WHEN p."amount" < 0 THEN -1 ELSE 1 END AS sign) g
    CROSS JOIN LATERAL (SELECT g.sign * ((2 * abs(p."amount") * f.tax_m + f.whole_m) / (2 * f.whole_m)) AS tax,
        g.sign * ((2 * abs(p."amount") * f.fee_m + f.whole_m) / (2 * f.whole_m)) AS fee) x
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(p.k) <> 0 OR sum(p.k * p."amount") <> 0 OR sum(p.k * x.tax) <> 0 OR sum(p.k * x.fee) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("day", "facility_id", "product_type_id", "type", "refund") DO UPDATE SET "count" = s."count" + excluded."count",
      "collected" = s."collected" + excluded."collected", "tax" = s."tax" + excluded."tax", "fee" = s."fee" + excluded."fee"$q$, source)
$fn$;--> statement-breakpoint
-- Transition tables are seen only by the trigger function's own statements, hence EXECUTE here.
CREATE FUNCTION "sales_days_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  columns constant text := '"facility_id", "created_at", "product_type_id", "type", "amount"';
  changed int[];
BEGIN
  IF TG_TABLE_NAME = 'facilities' THEN
    SELECT array_agg(n."id") INTO changed FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (n."tax_rate", n."processing_fee", n."time_zone") IS DISTINCT FROM (o."tax_rate", o."processing_fee", o."time_zone");
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
CREATE TRIGGER "sales_days_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_days_track"();--> statement-breakpoint
CREATE TRIGGER "sales_days_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_days_track"();--> statement-breakpoint
CREATE TRIGGER "sales_days_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_days_track"();--> statement-breakpoint
CREATE TRIGGER "sales_days_truncate" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_days_track"();--> statement-breakpoint
CREATE TRIGGER "sales_days_rates" AFTER UPDATE ON "facilities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "sales_days_track"();--> statement-breakpoint
DO $do$ BEGIN
  EXECUTE "sales_days_sql"('SELECT "facility_id", "created_at", "product_type_id", "type", "amount", 1 AS k FROM "payments"');
END $do$;
