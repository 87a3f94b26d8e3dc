CREATE TABLE "portal_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"offering_type" text NOT NULL,
	"class_id" integer,
	"event_id" integer,
	"participant_ids" jsonb NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" bigint NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"waitlist_id" integer,
	"checkout_key" text,
	"checkout_hash" text,
	"paying_since" bigint,
	"invoice_id" integer,
	"answer" jsonb,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "portal_holds_seats_check" CHECK ("portal_holds"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlists" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_waitlist_id_waitlists_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_holds" ADD CONSTRAINT "portal_holds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_holds_class_idx" ON "portal_holds" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "portal_holds_event_idx" ON "portal_holds" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "portal_holds_customer_idx" ON "portal_holds" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_holds_key_idx" ON "portal_holds" USING btree ("customer_id","checkout_key");