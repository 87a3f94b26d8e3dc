ALTER TABLE "contracts" ADD COLUMN "sign_link_hash" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_name" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_at" bigint;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_address" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "signed_doc" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_sign_link_idx" ON "contracts" USING btree ("sign_link_hash");