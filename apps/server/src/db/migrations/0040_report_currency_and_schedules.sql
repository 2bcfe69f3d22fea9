CREATE TABLE "report_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"group_by" text NOT NULL,
	"format" text NOT NULL,
	"org_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"top" integer,
	"time_zone" text NOT NULL,
	"hour" smallint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_subscriptions_hour" CHECK ("report_subscriptions"."hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
-- The rollups' rows so far take their organisation's currency (no organisation has changed its currency yet); from now on each row carries its sales' own.
ALTER TABLE "sales_daily" ADD COLUMN "currency" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "sales_daily_products" ADD COLUMN "currency" text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE "sales_daily" r SET "currency" = o."currency" FROM "organizations" o WHERE o."id" = r."org_id";--> statement-breakpoint
UPDATE "sales_daily_products" r SET "currency" = o."currency" FROM "organizations" o WHERE o."id" = r."org_id";--> statement-breakpoint
ALTER TABLE "sales_daily" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_daily_products" ALTER COLUMN "currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sales_daily" DROP CONSTRAINT "sales_daily_micromarket_id_day_payment_type_pk";--> statement-breakpoint
ALTER TABLE "sales_daily_products" DROP CONSTRAINT "sales_daily_products_micromarket_id_day_product_id_category_id_pk";--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_micromarket_id_day_payment_type_currency_pk" PRIMARY KEY("micromarket_id","day","payment_type","currency");--> statement-breakpoint
ALTER TABLE "sales_daily_products" ADD CONSTRAINT "sales_daily_products_micromarket_id_day_product_id_category_id_currency_pk" PRIMARY KEY("micromarket_id","day","product_id","category_id","currency");--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_deliveries_period" ON "report_deliveries" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "report_subscriptions_user" ON "report_subscriptions" USING btree ("user_id");