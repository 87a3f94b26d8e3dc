CREATE TABLE "child_data_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"given_at" bigint NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_passwords" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "child_data_consents" ADD CONSTRAINT "child_data_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_passwords" ADD CONSTRAINT "portal_passwords_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "child_data_consents_customer_idx" ON "child_data_consents" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_passwords_customer_idx" ON "portal_passwords" USING btree ("customer_id");