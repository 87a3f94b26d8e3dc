CREATE TABLE "age_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_rate" numeric(12, 6) DEFAULT 0 NOT NULL,
	"processing_fee" numeric(12, 6) DEFAULT 0 NOT NULL,
	"time_zone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" numeric(12, 6) NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"is_outdoors" boolean DEFAULT false NOT NULL,
	"available_online" boolean DEFAULT false NOT NULL,
	"is_soccer" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"new_field_type_id" integer,
	"facility_id" integer NOT NULL,
	"weekday_open_time" numeric(5, 2) NOT NULL,
	"weekday_close_time" numeric(5, 2) NOT NULL,
	"weekend_open_time" numeric(5, 2) NOT NULL,
	"weekend_close_time" numeric(5, 2) NOT NULL,
	"weekday_peak_time_start" numeric(5, 2) NOT NULL,
	"weekday_peak_time_end" numeric(5, 2) NOT NULL,
	"weekend_peak_time_start" numeric(5, 2) NOT NULL,
	"weekend_peak_time_end" numeric(5, 2) NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "fields_id_facility_key" UNIQUE("id","facility_id"),
	CONSTRAINT "fields_hours_check" CHECK ("fields"."weekday_open_time" between 0 and 24 and "fields"."weekday_close_time" between 0 and 24
    and "fields"."weekend_open_time" between 0 and 24 and "fields"."weekend_close_time" between 0 and 24)
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"facility_id" integer NOT NULL,
	"data" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" numeric(12, 6) NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"user_type" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"facility_id" integer NOT NULL,
	"deleted_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gls" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_type_id" integer NOT NULL,
	"season_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"new_product_id" integer NOT NULL,
	"product_fee_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_field_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"new_product_id" integer NOT NULL,
	"field_type_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"new_product_id" integer NOT NULL,
	"product_tax_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"reporting" text DEFAULT '' NOT NULL,
	"gl" text DEFAULT '' NOT NULL,
	"ranking" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '#3f51b5' NOT NULL,
	"show_in_calendar" boolean DEFAULT false NOT NULL,
	"allow_for_contract" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variations" (
	"id" serial PRIMARY KEY NOT NULL,
	"new_product_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"base_price" bigint DEFAULT 0 NOT NULL,
	"full_price" bigint DEFAULT 0 NOT NULL,
	"team_price" bigint DEFAULT 0 NOT NULL,
	"deposit_price" bigint DEFAULT 0 NOT NULL,
	"early_bird_price" bigint DEFAULT 0 NOT NULL,
	"individual_price" bigint DEFAULT 0 NOT NULL,
	"peak_price" bigint DEFAULT 0 NOT NULL,
	"off_peak_price" bigint DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gl_id" integer NOT NULL,
	"base_price" bigint DEFAULT 0 NOT NULL,
	"full_price" bigint DEFAULT 0 NOT NULL,
	"team_price" bigint DEFAULT 0 NOT NULL,
	"deposit_price" bigint DEFAULT 0 NOT NULL,
	"early_bird_price" bigint DEFAULT 0 NOT NULL,
	"individual_price" bigint DEFAULT 0 NOT NULL,
	"peak_price" bigint DEFAULT 0 NOT NULL,
	"off_peak_price" bigint DEFAULT 0 NOT NULL,
	"duration" bigint DEFAULT 0 NOT NULL,
	"prorate" boolean DEFAULT false NOT NULL,
	"deleted_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"is_kid" boolean DEFAULT false NOT NULL,
	"parent_email" text DEFAULT '' NOT NULL,
	"birthdate" bigint,
	"gender" text DEFAULT '' NOT NULL,
	"facility_id" integer NOT NULL,
	"customer_type_id" integer DEFAULT 1 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo" text,
	"waiver_signed" boolean DEFAULT false NOT NULL,
	"details" text,
	"hubspot_id" text,
	"deleted_at" bigint,
	"search" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || address || ' ' || state || ' ' || country)) STORED,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "customers_credits_check" CHECK ("customers"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "families" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"relation" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "families_distinct_check" CHECK ("families"."parent_id" <> "families"."child_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub_customer_id" integer NOT NULL,
	"member_customer_id" integer NOT NULL,
	"valid_until" bigint NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"new_product_id" integer,
	"facility_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"from_date" bigint NOT NULL,
	"until_date" bigint NOT NULL,
	"foul" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "suspensions_period_check" CHECK ("suspensions"."until_date" >= "suspensions"."from_date")
);
--> statement-breakpoint
CREATE TABLE "ematches" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"home_player_id" integer,
	"away_player_id" integer,
	"home_checked_in" boolean DEFAULT false NOT NULL,
	"away_checked_in" boolean DEFAULT false NOT NULL,
	"home_score" integer,
	"away_score" integer,
	"level" integer DEFAULT 0 NOT NULL,
	"date" bigint NOT NULL,
	"duration" integer DEFAULT 15 NOT NULL,
	"token" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eplayer_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"eplayer_id" integer NOT NULL,
	"league_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eplayers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"console_id" text NOT NULL,
	"console" text NOT NULL,
	"discord_username" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"facility_id" integer NOT NULL,
	"product_id" integer,
	"new_product_id" integer,
	"age_group_id" integer,
	"gender" text,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"registration_start_date" bigint,
	"registration_end_date" bigint,
	"early_bird_start_date" bigint,
	"early_bird_end_date" bigint,
	"max_teams" integer DEFAULT 8 NOT NULL,
	"duration" integer DEFAULT 45 NOT NULL,
	"color" text DEFAULT '#3f51b5' NOT NULL,
	"enable_deposit" boolean DEFAULT false NOT NULL,
	"enable_individual" boolean DEFAULT false NOT NULL,
	"enable_team" boolean DEFAULT true NOT NULL,
	"enable_early_bird" boolean DEFAULT false NOT NULL,
	"display_schedule" boolean DEFAULT false NOT NULL,
	"available_online" boolean DEFAULT false NOT NULL,
	"require_membership" boolean DEFAULT false NOT NULL,
	"is_container" boolean DEFAULT false NOT NULL,
	"is_tournament" boolean DEFAULT false NOT NULL,
	"is_e_league" boolean DEFAULT false NOT NULL,
	"tournament_id" integer,
	"parent_league_id" integer,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rollover_from" integer,
	"rollover_to" integer,
	"rollover_date" bigint,
	"force_close" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "leagues_dates_check" CHECK ("leagues"."end_date" >= "leagues"."start_date")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"league_id" integer NOT NULL,
	"home_team_id" integer,
	"away_team_id" integer,
	"home_score" integer,
	"away_score" integer,
	"date" bigint NOT NULL,
	"field_id" integer,
	"duration" integer DEFAULT 45 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"match_type" text DEFAULT 'regular' NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"group" integer,
	"week" integer,
	"round" integer,
	"is_bye" boolean DEFAULT false NOT NULL,
	"token" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"registration_date" bigint NOT NULL,
	"is_coach" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"league_id" integer NOT NULL,
	"group" integer,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#3f51b5' NOT NULL,
	"facility_id" integer NOT NULL,
	"age_group_id" integer,
	"captain_id" integer,
	"lock_roster" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"parent_id" integer,
	"uniform_size" text,
	"invoice_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"registration_start_date" bigint,
	"registration_end_date" bigint,
	"available_online" boolean DEFAULT true NOT NULL,
	"accepts_free_trial" boolean DEFAULT false NOT NULL,
	"require_membership" boolean DEFAULT false NOT NULL,
	"max_kids" integer DEFAULT 8 NOT NULL,
	"fee" bigint,
	"facility_id" integer NOT NULL,
	"is_camp" boolean DEFAULT false NOT NULL,
	"is_container" boolean DEFAULT false NOT NULL,
	"class_parent_id" integer,
	"new_product_id" integer,
	"product_id" integer,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quota" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "classes_dates_check" CHECK ("classes"."end_date" >= "classes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "coach_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"worker_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_assistants" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"parent_id" integer,
	"uniform_size" text,
	"invoice_id" integer,
	"event_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlists" (
	"id" serial PRIMARY KEY NOT NULL,
	"class_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"parent_id" integer,
	"uniform_size" text,
	"invoice_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"action" text NOT NULL,
	"number_modified_events" integer DEFAULT 0 NOT NULL,
	"quantity_variation" numeric(12, 6) DEFAULT 0 NOT NULL,
	"total_price_variation" bigint DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"facility_id" integer NOT NULL,
	"customer_id" integer,
	"product_type_id" integer NOT NULL,
	"product_id" integer,
	"fee" bigint DEFAULT 10000 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"percentage" numeric(12, 6) DEFAULT 50 NOT NULL,
	"apply_processing_fee" boolean DEFAULT true NOT NULL,
	"doc" text,
	"sent" boolean DEFAULT false NOT NULL,
	"signed" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"attended" boolean DEFAULT false NOT NULL,
	"temporary" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_type_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"new_product_id" integer,
	"product_id" integer,
	"match_id" integer,
	"contract_id" integer,
	"class_id" integer,
	"coach_id" integer,
	"team_a" text,
	"team_b" text,
	"no_show" boolean DEFAULT false NOT NULL,
	"video_visible" boolean DEFAULT false NOT NULL,
	"block_token" text,
	"keep" boolean DEFAULT false NOT NULL,
	"contract_variant_price" bigint,
	"checked_in" boolean DEFAULT false NOT NULL,
	"quota" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "events_dates_check" CHECK ("events"."end_date" >= "events"."start_date")
);
--> statement-breakpoint
CREATE TABLE "health_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"checked_in" boolean DEFAULT false NOT NULL,
	"invoice_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"day" integer NOT NULL,
	"time" numeric(5, 2) NOT NULL,
	"duration" integer DEFAULT 60 NOT NULL,
	"product_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "pickup_sessions_day_check" CHECK ("pickup_sessions"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "discount_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"facility_id" integer,
	"product_type_id" integer,
	"start_date" bigint NOT NULL,
	"end_date" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_percentage" boolean DEFAULT false NOT NULL,
	"value" numeric(12, 6),
	"amount" bigint,
	"expired" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "discounts_value_check" CHECK (("discounts"."is_percentage" and "discounts"."value" between 0 and 100)
    or (not "discounts"."is_percentage" and "discounts"."amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "discount_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"discount_id" integer,
	"amount" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "discount_applications_amount_check" CHECK ("discount_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"product_id" integer,
	"new_product_id" integer,
	"event_id" integer,
	"team_signup_id" integer,
	"price" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"taxes" numeric(12, 6) DEFAULT 0 NOT NULL,
	"fees" numeric(12, 6) DEFAULT 0 NOT NULL,
	"amount_taxes" bigint DEFAULT 0 NOT NULL,
	"amount_fees" bigint DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "invoice_items_quantity_check" CHECK ("invoice_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"customer_id" integer,
	"invoice_type_id" integer DEFAULT 1 NOT NULL,
	"product_type_id" integer,
	"team_id" integer,
	"class_id" integer,
	"contract_id" integer,
	"date" bigint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reversed_by_id" integer,
	"reversal_of_id" integer,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."invoice_type_id" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"type" text NOT NULL,
	"details" text DEFAULT '{}' NOT NULL,
	"square_id" text,
	"player_customer_id" integer,
	"reversal_of_id" integer,
	"reversed_by_id" integer,
	"refund_of_id" integer,
	"refunded_by_id" integer,
	"refund_status" text,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"type" text NOT NULL,
	"refund_status" text DEFAULT 'Pending' NOT NULL,
	"refund_creator_id" integer,
	"refund_reason" text DEFAULT '' NOT NULL,
	"deny_reason" text DEFAULT '' NOT NULL,
	"refund_payment_id" integer,
	"resolved_by_id" integer,
	"resolved_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referee_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"facility_id" integer NOT NULL,
	"field_id" integer,
	"event_id" integer,
	"thumbnail" text NOT NULL,
	"s3_url" text NOT NULL,
	"to_keep" boolean DEFAULT true NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scoreboards" (
	"id" serial PRIMARY KEY NOT NULL,
	"port" integer NOT NULL,
	"field_id" integer NOT NULL,
	"facility_id" integer NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"last_seen_at" bigint,
	"game" jsonb,
	"background" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_type" text NOT NULL,
	"key" text NOT NULL,
	"user_id" integer,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "changelog" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"action" text NOT NULL,
	"user_id" integer,
	"new_value" text DEFAULT '{}' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facility_id" integer NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"send_to_captains" boolean DEFAULT false NOT NULL,
	"send_to_all_team" boolean DEFAULT false NOT NULL,
	"league_id" integer,
	"team_id" integer,
	"class_id" integer,
	"user_id" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_new_field_type_id_field_types_id_fk" FOREIGN KEY ("new_field_type_id") REFERENCES "public"."field_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gls" ADD CONSTRAINT "gls_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gls" ADD CONSTRAINT "gls_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fees" ADD CONSTRAINT "product_fees_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fees" ADD CONSTRAINT "product_fees_product_fee_id_fees_id_fk" FOREIGN KEY ("product_fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_field_types" ADD CONSTRAINT "product_field_types_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_field_types" ADD CONSTRAINT "product_field_types_field_type_id_field_types_id_fk" FOREIGN KEY ("field_type_id") REFERENCES "public"."field_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_taxes" ADD CONSTRAINT "product_taxes_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_taxes" ADD CONSTRAINT "product_taxes_product_tax_id_taxes_id_fk" FOREIGN KEY ("product_tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gl_id_gls_id_fk" FOREIGN KEY ("gl_id") REFERENCES "public"."gls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_child_id_customers_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_sub_customer_id_customers_id_fk" FOREIGN KEY ("sub_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_customer_id_customers_id_fk" FOREIGN KEY ("member_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ematches" ADD CONSTRAINT "ematches_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ematches" ADD CONSTRAINT "ematches_home_player_id_eplayers_id_fk" FOREIGN KEY ("home_player_id") REFERENCES "public"."eplayers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ematches" ADD CONSTRAINT "ematches_away_player_id_eplayers_id_fk" FOREIGN KEY ("away_player_id") REFERENCES "public"."eplayers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eplayer_signups" ADD CONSTRAINT "eplayer_signups_eplayer_id_eplayers_id_fk" FOREIGN KEY ("eplayer_id") REFERENCES "public"."eplayers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eplayer_signups" ADD CONSTRAINT "eplayer_signups_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eplayers" ADD CONSTRAINT "eplayers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_age_group_id_age_groups_id_fk" FOREIGN KEY ("age_group_id") REFERENCES "public"."age_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_tournament_id_leagues_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_parent_league_id_leagues_id_fk" FOREIGN KEY ("parent_league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_rollover_from_leagues_id_fk" FOREIGN KEY ("rollover_from") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_rollover_to_leagues_id_fk" FOREIGN KEY ("rollover_to") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_home_team_id_teams_id_fk" FOREIGN KEY ("home_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_away_team_id_teams_id_fk" FOREIGN KEY ("away_team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_signups" ADD CONSTRAINT "team_signups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_signups" ADD CONSTRAINT "team_signups_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_age_group_id_age_groups_id_fk" FOREIGN KEY ("age_group_id") REFERENCES "public"."age_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_captain_id_customers_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_class_parent_id_classes_id_fk" FOREIGN KEY ("class_parent_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_assistants" ADD CONSTRAINT "trial_assistants_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_assistants" ADD CONSTRAINT "trial_assistants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_assistants" ADD CONSTRAINT "trial_assistants_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_assistants" ADD CONSTRAINT "trial_assistants_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_assistants" ADD CONSTRAINT "trial_assistants_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlists" ADD CONSTRAINT "waitlists_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_logs" ADD CONSTRAINT "contract_logs_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_logs" ADD CONSTRAINT "contract_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_field_facility_fk" FOREIGN KEY ("field_id","facility_id") REFERENCES "public"."fields"("id","facility_id") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_checks" ADD CONSTRAINT "health_checks_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_players" ADD CONSTRAINT "pickup_players_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_players" ADD CONSTRAINT "pickup_players_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_players" ADD CONSTRAINT "pickup_players_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_players" ADD CONSTRAINT "pickup_players_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_sessions" ADD CONSTRAINT "pickup_sessions_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_sessions" ADD CONSTRAINT "pickup_sessions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_sessions" ADD CONSTRAINT "pickup_sessions_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_sessions" ADD CONSTRAINT "pickup_sessions_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_rules" ADD CONSTRAINT "discount_rules_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_applications" ADD CONSTRAINT "discount_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_applications" ADD CONSTRAINT "discount_applications_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_applications" ADD CONSTRAINT "discount_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_product_id_product_variations_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product_variations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_new_product_id_products_id_fk" FOREIGN KEY ("new_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_team_signup_id_team_signups_id_fk" FOREIGN KEY ("team_signup_id") REFERENCES "public"."team_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reversed_by_id_invoices_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reversal_of_id_invoices_id_fk" FOREIGN KEY ("reversal_of_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_player_customer_id_customers_id_fk" FOREIGN KEY ("player_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_of_id_payments_id_fk" FOREIGN KEY ("reversal_of_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_by_id_payments_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_id_payments_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_id_payments_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_creator_id_users_id_fk" FOREIGN KEY ("refund_creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refund_payment_id_payments_id_fk" FOREIGN KEY ("refund_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referee_assignments" ADD CONSTRAINT "referee_assignments_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referee_assignments" ADD CONSTRAINT "referee_assignments_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoreboards" ADD CONSTRAINT "scoreboards_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoreboards" ADD CONSTRAINT "scoreboards_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_logs" ADD CONSTRAINT "action_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "changelog" ADD CONSTRAINT "changelog_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fees_name_idx" ON "fees" USING btree ("name");--> statement-breakpoint
CREATE INDEX "fields_facility_idx" ON "fields" USING btree ("facility_id","number");--> statement-breakpoint
CREATE INDEX "fields_field_type_idx" ON "fields" USING btree ("new_field_type_id");--> statement-breakpoint
CREATE INDEX "integrations_facility_idx" ON "integrations" USING btree ("facility_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_name_idx" ON "seasons" USING btree ("name");--> statement-breakpoint
CREATE INDEX "taxes_name_idx" ON "taxes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_idx" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_idx" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_idx" ON "users" USING btree (lower("email")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_facility_idx" ON "users" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "gls_code_idx" ON "gls" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gls_product_type_idx" ON "gls" USING btree ("product_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_fees_pair_idx" ON "product_fees" USING btree ("new_product_id","product_fee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_field_types_pair_idx" ON "product_field_types" USING btree ("new_product_id","field_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_taxes_pair_idx" ON "product_taxes" USING btree ("new_product_id","product_tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variations_product_facility_idx" ON "product_variations" USING btree ("new_product_id","facility_id");--> statement-breakpoint
CREATE INDEX "product_variations_facility_idx" ON "product_variations" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "products_gl_idx" ON "products" USING btree ("gl_id");--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "customers_facility_idx" ON "customers" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE UNIQUE INDEX "families_pair_idx" ON "families" USING btree ("parent_id","child_id");--> statement-breakpoint
CREATE INDEX "families_child_idx" ON "families" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "memberships_holder_idx" ON "memberships" USING btree ("sub_customer_id","valid_until");--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_customer_id");--> statement-breakpoint
CREATE INDEX "suspensions_customer_idx" ON "suspensions" USING btree ("customer_id","until_date");--> statement-breakpoint
CREATE INDEX "ematches_league_idx" ON "ematches" USING btree ("league_id","date");--> statement-breakpoint
CREATE INDEX "ematches_home_idx" ON "ematches" USING btree ("home_player_id");--> statement-breakpoint
CREATE INDEX "ematches_away_idx" ON "ematches" USING btree ("away_player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eplayer_signups_league_player_idx" ON "eplayer_signups" USING btree ("league_id","eplayer_id");--> statement-breakpoint
CREATE INDEX "eplayer_signups_player_idx" ON "eplayer_signups" USING btree ("eplayer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eplayers_customer_idx" ON "eplayers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "eplayers_console_id_idx" ON "eplayers" USING btree ("console_id");--> statement-breakpoint
CREATE INDEX "leagues_facility_idx" ON "leagues" USING btree ("facility_id","start_date");--> statement-breakpoint
CREATE INDEX "leagues_parent_idx" ON "leagues" USING btree ("parent_league_id");--> statement-breakpoint
CREATE INDEX "leagues_tournament_idx" ON "leagues" USING btree ("tournament_id");--> statement-breakpoint
CREATE INDEX "leagues_dates_idx" ON "leagues" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "matches_league_idx" ON "matches" USING btree ("league_id","date");--> statement-breakpoint
CREATE INDEX "matches_home_idx" ON "matches" USING btree ("home_team_id");--> statement-breakpoint
CREATE INDEX "matches_away_idx" ON "matches" USING btree ("away_team_id");--> statement-breakpoint
CREATE INDEX "matches_date_idx" ON "matches" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "players_team_customer_idx" ON "players" USING btree ("team_id","customer_id");--> statement-breakpoint
CREATE INDEX "players_customer_idx" ON "players" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_signups_league_team_idx" ON "team_signups" USING btree ("league_id","team_id");--> statement-breakpoint
CREATE INDEX "team_signups_team_idx" ON "team_signups" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "teams_facility_idx" ON "teams" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "teams_name_idx" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "teams_captain_idx" ON "teams" USING btree ("captain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendees_class_customer_idx" ON "attendees" USING btree ("class_id","customer_id");--> statement-breakpoint
CREATE INDEX "attendees_customer_idx" ON "attendees" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "attendees_invoice_idx" ON "attendees" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "classes_facility_idx" ON "classes" USING btree ("facility_id","start_date");--> statement-breakpoint
CREATE INDEX "classes_parent_idx" ON "classes" USING btree ("class_parent_id");--> statement-breakpoint
CREATE INDEX "classes_dates_idx" ON "classes" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_assignments_class_worker_idx" ON "coach_assignments" USING btree ("class_id","worker_id");--> statement-breakpoint
CREATE INDEX "coach_assignments_worker_idx" ON "coach_assignments" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "trial_assistants_class_idx" ON "trial_assistants" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "trial_assistants_event_idx" ON "trial_assistants" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "trial_assistants_customer_idx" ON "trial_assistants" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlists_class_customer_idx" ON "waitlists" USING btree ("class_id","customer_id");--> statement-breakpoint
CREATE INDEX "waitlists_customer_idx" ON "waitlists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contract_logs_contract_idx" ON "contract_logs" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_facility_idx" ON "contracts" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "contracts_customer_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "contracts_product_type_idx" ON "contracts" USING btree ("product_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_event_customer_idx" ON "attendances" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE INDEX "attendances_customer_idx" ON "attendances" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "events_facility_start_idx" ON "events" USING btree ("facility_id","start_date");--> statement-breakpoint
CREATE INDEX "events_field_start_idx" ON "events" USING btree ("field_id","start_date");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "events_customer_idx" ON "events" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "events_contract_idx" ON "events" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "events_class_idx" ON "events" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "events_match_idx" ON "events" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "events_coach_idx" ON "events" USING btree ("coach_id","start_date");--> statement-breakpoint
CREATE INDEX "events_block_token_idx" ON "events" USING btree ("block_token");--> statement-breakpoint
CREATE INDEX "health_checks_facility_idx" ON "health_checks" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "health_checks_event_idx" ON "health_checks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "health_checks_customer_idx" ON "health_checks" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "pickup_players_event_idx" ON "pickup_players" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "pickup_players_facility_start_idx" ON "pickup_players" USING btree ("facility_id","start_date");--> statement-breakpoint
CREATE INDEX "pickup_players_customer_idx" ON "pickup_players" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "pickup_sessions_facility_idx" ON "pickup_sessions" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "pickup_sessions_contract_idx" ON "pickup_sessions" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "discount_rules_discount_idx" ON "discount_rules" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "discount_rules_facility_idx" ON "discount_rules" USING btree ("facility_id","product_type_id");--> statement-breakpoint
CREATE INDEX "discount_applications_invoice_idx" ON "discount_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_idx" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_items_event_idx" ON "invoice_items" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "invoice_items_team_signup_idx" ON "invoice_items" USING btree ("team_signup_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_date_idx" ON "invoices" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "invoices_facility_date_idx" ON "invoices" USING btree ("facility_id","date");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "invoices_team_idx" ON "invoices" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "invoices_class_idx" ON "invoices" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_square_idx" ON "payments" USING btree ("square_id");--> statement-breakpoint
CREATE INDEX "payments_player_idx" ON "payments" USING btree ("player_customer_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("refund_status","created_at");--> statement-breakpoint
CREATE INDEX "refunds_facility_idx" ON "refunds" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referee_assignments_match_idx" ON "referee_assignments" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "referee_assignments_referee_idx" ON "referee_assignments" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "media_facility_idx" ON "media" USING btree ("facility_id","created_at");--> statement-breakpoint
CREATE INDEX "media_event_idx" ON "media" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scoreboards_port_idx" ON "scoreboards" USING btree ("port");--> statement-breakpoint
CREATE INDEX "scoreboards_facility_idx" ON "scoreboards" USING btree ("facility_id");--> statement-breakpoint
CREATE UNIQUE INDEX "action_logs_type_key_idx" ON "action_logs" USING btree ("log_type","key");--> statement-breakpoint
CREATE INDEX "changelog_object_idx" ON "changelog" USING btree ("object_type","object_id","created_at");--> statement-breakpoint
CREATE INDEX "changelog_user_idx" ON "changelog" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "broadcasts_facility_idx" ON "broadcasts" USING btree ("facility_id","created_at");