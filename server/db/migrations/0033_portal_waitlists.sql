CREATE TABLE "portal_waitlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"offering_type" text NOT NULL,
	"pickup_session_id" integer,
	"event_id" integer,
	"league_id" integer,
	"customer_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"team_name" text,
	"source" text DEFAULT 'online' NOT NULL,
	"offered_until" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "queue_id" integer;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_pickup_session_id_pickup_sessions_id_fk" FOREIGN KEY ("pickup_session_id") REFERENCES "public"."pickup_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_waitlists" ADD CONSTRAINT "portal_waitlists_holder_id_customers_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_waitlists_event_customer_idx" ON "portal_waitlists" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_waitlists_league_customer_idx" ON "portal_waitlists" USING btree ("league_id","customer_id");--> statement-breakpoint
CREATE INDEX "portal_waitlists_session_idx" ON "portal_waitlists" USING btree ("pickup_session_id");--> statement-breakpoint
CREATE INDEX "portal_waitlists_customer_idx" ON "portal_waitlists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "portal_waitlists_holder_idx" ON "portal_waitlists" USING btree ("holder_id");--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_queue_id_portal_waitlists_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."portal_waitlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_holds_queue_idx" ON "portal_holds" USING btree ("queue_id");