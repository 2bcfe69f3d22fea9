CREATE TABLE "fleet_notice_marks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"read_up_to" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fleet_notice_reads" (
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	CONSTRAINT "fleet_notice_reads_user_id_notice_id_pk" PRIMARY KEY("user_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "fleet_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"kind" text NOT NULL,
	"alert_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_reads" (
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_reads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
DROP INDEX "notification_deliveries_once";--> statement-breakpoint
ALTER TABLE "notification_rules" ALTER COLUMN "channel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "via_mailer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "to_operators" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_notice_marks" ADD CONSTRAINT "fleet_notice_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_notice_reads" ADD CONSTRAINT "fleet_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_notice_reads" ADD CONSTRAINT "fleet_notice_reads_notice_id_fleet_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."fleet_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_notices" ADD CONSTRAINT "fleet_notices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_notices" ADD CONSTRAINT "fleet_notices_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fleet_notices" ADD CONSTRAINT "fleet_notices_alert_id_technical_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."technical_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reads" ADD CONSTRAINT "support_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_reads" ADD CONSTRAINT "support_reads_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fleet_notices_org_id" ON "fleet_notices" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_once" ON "notification_deliveries" USING btree ("org_id","event","dedupe_key",coalesce("channel_id", 0),"recipient");