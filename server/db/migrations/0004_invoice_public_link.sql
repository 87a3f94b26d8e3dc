ALTER TABLE "invoices" ADD COLUMN "public_link_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_link_idx" ON "invoices" USING btree ("public_link_hash");