ALTER TABLE "portal_holds" DROP CONSTRAINT "portal_holds_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "pickup_players" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "league_id" integer;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "pickup_session_id" integer;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "field_id" integer;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "start_date" bigint;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD COLUMN "end_date" bigint;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_pickup_session_id_pickup_sessions_id_fk" FOREIGN KEY ("pickup_session_id") REFERENCES "public"."pickup_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_holds_league_idx" ON "portal_holds" USING btree ("league_id","status");