CREATE TABLE "square_sim_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"square_id" text NOT NULL,
	"facility_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_id" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "square_sim_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"square_id" text NOT NULL,
	"facility_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source_type" text NOT NULL,
	"card_brand" text DEFAULT '' NOT NULL,
	"last_4" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"request_hash" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "square_sim_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"square_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"facility_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"invoice_id" integer,
	"membership" jsonb,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payment_id" integer,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_checkouts" ADD CONSTRAINT "terminal_checkouts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_checkouts" ADD CONSTRAINT "terminal_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_checkouts" ADD CONSTRAINT "terminal_checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_checkouts" ADD CONSTRAINT "terminal_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_checkouts_square_idx" ON "square_sim_checkouts" USING btree ("square_id");--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_checkouts_key_idx" ON "square_sim_checkouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "square_sim_checkouts_device_idx" ON "square_sim_checkouts" USING btree ("facility_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_payments_square_idx" ON "square_sim_payments" USING btree ("square_id");--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_payments_key_idx" ON "square_sim_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "square_sim_payments_created_idx" ON "square_sim_payments" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_refunds_square_idx" ON "square_sim_refunds" USING btree ("square_id");--> statement-breakpoint
CREATE UNIQUE INDEX "square_sim_refunds_key_idx" ON "square_sim_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_checkouts_checkout_idx" ON "terminal_checkouts" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_checkouts_payment_idx" ON "terminal_checkouts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "terminal_checkouts_device_idx" ON "terminal_checkouts" USING btree ("device_id","status");