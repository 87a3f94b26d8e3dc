ALTER TABLE "fields" ADD COLUMN "parent_field_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "video_url" text;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_parent_field_id_fields_id_fk" FOREIGN KEY ("parent_field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fields_parent_idx" ON "fields" USING btree ("parent_field_id");