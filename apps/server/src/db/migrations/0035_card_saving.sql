CREATE TABLE "payment_customers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"owner" text NOT NULL,
	"provider" text NOT NULL,
	"account" text NOT NULL,
	"customer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_payment_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"credentials_sealed" text,
	"simulate" text DEFAULT 'none' NOT NULL,
	"account_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "platform_payment_settings_one_row" CHECK ("platform_payment_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "through_platform" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "exp_month" smallint;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "exp_year" smallint;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD COLUMN "provider_account" text;--> statement-breakpoint
ALTER TABLE "organization_cards" ADD COLUMN "exp_month" smallint;--> statement-breakpoint
ALTER TABLE "organization_cards" ADD COLUMN "exp_year" smallint;--> statement-breakpoint
ALTER TABLE "organization_cards" ADD COLUMN "provider_account" text;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_owner" ON "payment_customers" USING btree ("owner","provider","account");