ALTER TABLE "classes" ADD COLUMN "attendee_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "classes" c SET "attendee_count" = n.n FROM (SELECT "class_id", count(*)::int AS n FROM "attendees" GROUP BY "class_id") n WHERE n."class_id" = c."id";--> statement-breakpoint
-- Each attendee counted on its class; a move updates both classes in one statement.
CREATE FUNCTION "attendees_count_classes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "classes" SET "attendee_count" = "attendee_count" + 1 WHERE "id" = NEW."class_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "classes" SET "attendee_count" = "attendee_count" - 1 WHERE "id" = OLD."class_id";
  ELSIF NEW."class_id" IS DISTINCT FROM OLD."class_id" THEN
    UPDATE "classes" SET "attendee_count" = "attendee_count" + CASE WHEN "id" = NEW."class_id" THEN 1 ELSE -1 END
      WHERE "id" IN (OLD."class_id", NEW."class_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attendees_count_classes" AFTER INSERT OR DELETE OR UPDATE OF "class_id" ON "attendees"
  FOR EACH ROW EXECUTE FUNCTION "attendees_count_classes"();
