CREATE TABLE "free_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"registered_by" integer,
	"team_id" integer,
	"source" text DEFAULT 'online' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sibling_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"second_percent" numeric(12, 6) DEFAULT 0 NOT NULL,
	"later_percent" numeric(12, 6) DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "sibling_discounts_percent_check" CHECK ("sibling_discounts"."second_percent" between 0 and 100 and "sibling_discounts"."later_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "portal_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"invoice_id" integer,
	"amount" bigint NOT NULL,
	"reserved" jsonb NOT NULL,
	"status" text NOT NULL,
	"answer" jsonb,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "max_players" integer;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_signups" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "invite_token" text;--> statement-breakpoint
ALTER TABLE "free_agents" ADD CONSTRAINT "free_agents_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_agents" ADD CONSTRAINT "free_agents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_agents" ADD CONSTRAINT "free_agents_registered_by_customers_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_agents" ADD CONSTRAINT "free_agents_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sibling_discounts" ADD CONSTRAINT "sibling_discounts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_orders" ADD CONSTRAINT "portal_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_orders" ADD CONSTRAINT "portal_orders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_agents_league_customer_idx" ON "free_agents" USING btree ("league_id","customer_id");--> statement-breakpoint
CREATE INDEX "free_agents_customer_idx" ON "free_agents" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sibling_discounts_facility_idx" ON "sibling_discounts" USING btree ("facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_orders_key_idx" ON "portal_orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_invite_token_idx" ON "teams" USING btree ("invite_token");