CREATE TABLE "waiver_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"signed_by" integer NOT NULL,
	"full_name" text NOT NULL,
	"sha256" text NOT NULL,
	"signed_at" bigint NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"text" text NOT NULL,
	"sha256" text NOT NULL,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_version_id_waiver_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."waiver_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_signed_by_customers_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_versions" ADD CONSTRAINT "waiver_versions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_signatures_customer_version_idx" ON "waiver_signatures" USING btree ("customer_id","version_id");--> statement-breakpoint
CREATE INDEX "waiver_versions_facility_idx" ON "waiver_versions" USING btree ("facility_id","id");