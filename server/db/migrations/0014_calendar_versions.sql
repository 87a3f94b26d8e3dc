-- Per facility, a version of what its calendar shows, bumped by statement triggers in the transaction that
-- changes any of it, so that GET /event and /event/conflicts can keep an answer while its facility's
-- version stays (server/routes/events/calendarCache.ts). Versions come from one sequence: they only grow,
-- even across a TRUNCATE … RESTART IDENTITY, so a version is never seen twice with different contents.
CREATE SEQUENCE "calendar_versions_seq";--> statement-breakpoint
CREATE TABLE "calendar_versions" (
	"facility_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD CONSTRAINT "calendar_versions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Bumps the versions of these facilities, taking them in ID order so that two statements bump the versions
-- they share in the same order.
CREATE FUNCTION "calendar_versions_bump"(ids int[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "calendar_versions" AS v ("facility_id", "version")
    SELECT f, nextval('calendar_versions_seq') FROM (SELECT DISTINCT f FROM unnest(ids) f WHERE f IS NOT NULL ORDER BY f) d
    ON CONFLICT ("facility_id") DO UPDATE SET "version" = excluded."version";
END $fn$;--> statement-breakpoint
-- One statement trigger function per table: the facilities whose calendars a statement on it changed, read
-- from its transition tables (new_rows, old_rows) in static SQL, so that each session plans them once.
-- events and fields: their own rows.
CREATE FUNCTION "calendar_track_own_rows"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM new_rows UNION ALL SELECT "facility_id" FROM old_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM old_rows));
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "id" FROM "facilities"));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- invoice_items: the events they bill.
CREATE FUNCTION "invoice_items_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "id" IN (SELECT "event_id" FROM new_rows)));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "id" IN (SELECT "event_id" FROM new_rows UNION ALL SELECT "event_id" FROM old_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "id" IN (SELECT "event_id" FROM old_rows)));
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "id" FROM "facilities"));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- invoices: the events they bill, when their sums or reversal change.
CREATE FUNCTION "invoices_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT e."facility_id" FROM "invoice_items" i JOIN "events" e ON e."id" = i."event_id" WHERE i."invoice_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."invoiced", n."discounted", n."paid", n."reversed_by_id", n."reversal_of_id") IS DISTINCT FROM (o."invoiced", o."discounted", o."paid", o."reversed_by_id", o."reversal_of_id"))));
  ELSIF TG_OP = 'TRUNCATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "id" FROM "facilities"));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- customers: their events, when their names change.
CREATE FUNCTION "customers_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "customer_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."first_name", n."last_name") IS DISTINCT FROM (o."first_name", o."last_name"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- classes: their events, when their names change.
CREATE FUNCTION "classes_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "class_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."name") IS DISTINCT FROM (o."name"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- contracts: their events, when their names change.
CREATE FUNCTION "contracts_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "contract_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."name") IS DISTINCT FROM (o."name"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- matches: their events, when their league, teams or scores change.
CREATE FUNCTION "matches_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "facility_id" FROM "events" WHERE "match_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."league_id", n."home_team_id", n."away_team_id", n."home_score", n."away_score") IS DISTINCT FROM (o."league_id", o."home_team_id", o."away_team_id", o."home_score", o."away_score"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- teams: the events of their matches, when their names change.
CREATE FUNCTION "teams_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(WITH t AS (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."name") IS DISTINCT FROM (o."name")) SELECT e."facility_id" FROM "matches" m JOIN "events" e ON e."match_id" = m."id" WHERE m."home_team_id" IN (SELECT "id" FROM t) OR m."away_team_id" IN (SELECT "id" FROM t)));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- leagues: the events of their matches, when their names or colours change.
CREATE FUNCTION "leagues_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT e."facility_id" FROM "matches" m JOIN "events" e ON e."match_id" = m."id" WHERE m."league_id" IN (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."name", n."color") IS DISTINCT FROM (o."name", o."color"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- product_types: every facility, when their names or colours change.
CREATE FUNCTION "product_types_calendar_track"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM "calendar_versions_bump"(array(SELECT "id" FROM "facilities" WHERE EXISTS (SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE (n."name", n."color") IS DISTINCT FROM (o."name", o."color"))));
  END IF;
  RETURN NULL;
END $fn$;--> statement-breakpoint
-- The triggers: for each table, its function after the statements that change what the calendar shows,
-- named <table>_calendar_<operation>, with the transition tables the operation has.
DO $do$
DECLARE
  t record;
  op text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('events', 'calendar_track_own_rows', ARRAY['insert', 'update', 'delete', 'truncate']),
    ('fields', 'calendar_track_own_rows', ARRAY['insert', 'update', 'delete', 'truncate']),
    ('invoice_items', 'invoice_items_calendar_track', ARRAY['insert', 'update', 'delete', 'truncate']),
    ('invoices', 'invoices_calendar_track', ARRAY['update', 'truncate']),
    ('customers', 'customers_calendar_track', ARRAY['update']),
    ('classes', 'classes_calendar_track', ARRAY['update']),
    ('contracts', 'contracts_calendar_track', ARRAY['update']),
    ('matches', 'matches_calendar_track', ARRAY['update']),
    ('teams', 'teams_calendar_track', ARRAY['update']),
    ('leagues', 'leagues_calendar_track', ARRAY['update']),
    ('product_types', 'product_types_calendar_track', ARRAY['update'])
  ) AS v(tab, fn, ops) LOOP
    FOREACH op IN ARRAY t.ops LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        t.tab || '_calendar_' || op, upper(op), t.tab,
        CASE op
          WHEN 'insert' THEN 'REFERENCING NEW TABLE AS new_rows'
          WHEN 'update' THEN 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'
          WHEN 'delete' THEN 'REFERENCING OLD TABLE AS old_rows'
          ELSE ''
        END,
        t.fn);
    END LOOP;
  END LOOP;
END $do$;--> statement-breakpoint
INSERT INTO "calendar_versions" ("facility_id", "version") SELECT "id", nextval('calendar_versions_seq') FROM "facilities" ORDER BY "id";
