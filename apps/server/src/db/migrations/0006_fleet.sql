CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"micromarket_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer,
	"via" text NOT NULL,
	"actor_label" text,
	"group_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" integer,
	"actor_label" text
);
--> statement-breakpoint
CREATE TABLE "device_group_members" (
	"group_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	CONSTRAINT "device_group_members_group_id_micromarket_id_pk" PRIMARY KEY("group_id","micromarket_id")
);
--> statement-breakpoint
CREATE TABLE "device_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"address" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"command_id" uuid,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"taken_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"detections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"weights_before" integer[],
	"weights_after" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_thresholds" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"temperature_min" real DEFAULT 2 NOT NULL,
	"temperature_max" real DEFAULT 8 NOT NULL,
	"lock_after_minutes" integer DEFAULT 120 NOT NULL,
	"door_open_timeout_seconds" integer DEFAULT 30 NOT NULL,
	"weight_tolerance_grams" integer DEFAULT 50 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "micromarket_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"percent" smallint NOT NULL,
	"active_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "micromarket_discounts_percent" CHECK ("micromarket_discounts"."percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "open_links" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"micromarket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"link_token" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"profession" text,
	"email" text,
	"weights" integer[],
	"open_at" timestamp with time zone,
	"close_at" timestamp with time zone,
	"items_count" integer,
	"notes" text,
	"command_id" uuid,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "personal_prices_price" CHECK ("personal_prices"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"label_code" text NOT NULL,
	"shelf_id" integer,
	"product_id" integer,
	"shown_price_minor" integer,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shelf_products" (
	"shelf_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "shelf_products_shelf_id_product_id_pk" PRIMARY KEY("shelf_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "shelves" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"name" text,
	"trackers" text[] DEFAULT '{}'::text[] NOT NULL,
	"weight_grams" integer,
	"calibrated_weight_grams" integer,
	"calibrated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technical_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"temperature" real,
	"defrosting" boolean,
	"door_open" boolean,
	"weights" integer[],
	"tilt" real
);
--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"micromarket_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_avg" real,
	"door_open_samples" integer DEFAULT 0 NOT NULL,
	"defrosting_samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_hourly_micromarket_id_hour_pk" PRIMARY KEY("micromarket_id","hour")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "location_description" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "courier_latitude" double precision;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "courier_longitude" double precision;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "subscription_price_minor" integer;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "token_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "connection" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "mac_address" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "firmware" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "temperature" real;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "defrosting" boolean;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "door" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "tilt" real;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "overheat_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "lock_reason" text;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_members" ADD CONSTRAINT "device_group_members_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_members" ADD CONSTRAINT "device_group_members_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_groups" ADD CONSTRAINT "device_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sessions" ADD CONSTRAINT "door_sessions_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_sessions" ADD CONSTRAINT "door_sessions_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_thresholds" ADD CONSTRAINT "fleet_thresholds_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micromarket_discounts" ADD CONSTRAINT "micromarket_discounts_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_links" ADD CONSTRAINT "open_links_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_links" ADD CONSTRAINT "open_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_requests" ADD CONSTRAINT "open_requests_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_requests" ADD CONSTRAINT "open_requests_link_token_open_links_token_fk" FOREIGN KEY ("link_token") REFERENCES "public"."open_links"("token") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_requests" ADD CONSTRAINT "open_requests_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_prices" ADD CONSTRAINT "personal_prices_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_prices" ADD CONSTRAINT "personal_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tags" ADD CONSTRAINT "price_tags_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tags" ADD CONSTRAINT "price_tags_shelf_id_shelves_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_tags" ADD CONSTRAINT "price_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_products" ADD CONSTRAINT "shelf_products_shelf_id_shelves_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelf_products" ADD CONSTRAINT "shelf_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_alerts" ADD CONSTRAINT "technical_alerts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_alerts" ADD CONSTRAINT "technical_alerts_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_alerts" ADD CONSTRAINT "technical_alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technical_alerts" ADD CONSTRAINT "technical_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD CONSTRAINT "telemetry_hourly_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_micromarket_created" ON "device_commands" USING btree ("micromarket_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_pending" ON "device_commands" USING btree ("status","micromarket_id") WHERE "device_commands"."status" IN ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "device_events_micromarket_id" ON "device_events" USING btree ("micromarket_id","id");--> statement-breakpoint
CREATE INDEX "device_group_members_mm" ON "device_group_members" USING btree ("micromarket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_groups_org_name" ON "device_groups" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "door_sessions_micromarket_opened" ON "door_sessions" USING btree ("micromarket_id","opened_at");--> statement-breakpoint
CREATE INDEX "micromarket_discounts_micromarket" ON "micromarket_discounts" USING btree ("micromarket_id","active_to");--> statement-breakpoint
CREATE INDEX "open_links_micromarket" ON "open_links" USING btree ("micromarket_id","kind");--> statement-breakpoint
CREATE INDEX "open_requests_micromarket" ON "open_requests" USING btree ("micromarket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_prices_micromarket_product" ON "personal_prices" USING btree ("micromarket_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_tags_micromarket_label" ON "price_tags" USING btree ("micromarket_id","label_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_micromarket_number" ON "shelves" USING btree ("micromarket_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "technical_alerts_one_open" ON "technical_alerts" USING btree ("micromarket_id","type") WHERE "technical_alerts"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "technical_alerts_org_status_id" ON "technical_alerts" USING btree ("org_id","status","id");--> statement-breakpoint
CREATE INDEX "telemetry_micromarket_at" ON "telemetry" USING btree ("micromarket_id","at");--> statement-breakpoint
CREATE INDEX "telemetry_at_brin" ON "telemetry" USING brin ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unfinished" ON "jobs" USING btree ("key") WHERE "jobs"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_kind_created" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "micromarkets_org_name" ON "micromarkets" USING btree ("org_id","name","id");