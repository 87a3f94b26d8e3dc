-- Earlier versions could book the same free trial twice: keep the first booking of each pair.
DELETE FROM "trial_assistants" a USING "trial_assistants" b WHERE a."event_id" = b."event_id" AND a."customer_id" = b."customer_id" AND a."id" > b."id";--> statement-breakpoint
DROP INDEX "trial_assistants_event_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "trial_assistants_event_customer_idx" ON "trial_assistants" USING btree ("event_id","customer_id");