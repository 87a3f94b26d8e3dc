-- A facility's calendar version in shards: each transaction bumps the row of its connection's shard
-- (pg_backend_pid() % 16), so that concurrent writers of one facility (payments at the front desk) rarely
-- queue on one row lock held until their commit. Every bump writes a fresh nextval, so a shard's value
-- names the last transaction that bumped it; the version is the list of the shards' values
-- (calendar_version()), and two snapshots with the same list saw the same bumps.
ALTER TABLE "calendar_versions" DROP CONSTRAINT "calendar_versions_pkey";--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_versions" ADD CONSTRAINT "calendar_versions_facility_id_shard_pk" PRIMARY KEY("facility_id","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "calendar_versions_bump"(ids int[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO "calendar_versions" AS v ("facility_id", "shard", "version")
    SELECT f, pg_backend_pid() % 16, nextval('calendar_versions_seq') FROM (SELECT DISTINCT f FROM unnest(ids) f WHERE f IS NOT NULL ORDER BY f) d
    ON CONFLICT ("facility_id", "shard") DO UPDATE SET "version" = excluded."version";
END $fn$;--> statement-breakpoint
-- The version a snapshot sees of a facility's calendar, as text ('0' before any bump).
CREATE FUNCTION "calendar_version"(facility int) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(string_agg("shard" || ':' || "version", ',' ORDER BY "shard"), '0') FROM "calendar_versions" WHERE "facility_id" = facility
$fn$;
