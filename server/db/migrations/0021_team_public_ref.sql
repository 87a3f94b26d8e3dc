ALTER TABLE "teams" ADD COLUMN "public_ref" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_public_ref_idx" ON "teams" USING btree ("public_ref");