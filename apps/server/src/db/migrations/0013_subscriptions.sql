CREATE TABLE "organization_cards" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"period_month" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"micromarket_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_transaction_id" bigint,
	"invoice_id" integer,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"method" text NOT NULL,
	"auto_billing" boolean DEFAULT true NOT NULL,
	"paid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_cards" ADD CONSTRAINT "organization_cards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_invoice_id_subscription_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."subscription_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_seq" ON "subscription_invoices" USING btree ("org_id","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_number" ON "subscription_invoices" USING btree ("org_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_payments_key" ON "subscription_payments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "subscription_payments_org_month" ON "subscription_payments" USING btree ("org_id","period_month");--> statement-breakpoint
CREATE INDEX "subscription_payments_invoice" ON "subscription_payments" USING btree ("invoice_id") WHERE "subscription_payments"."invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_micromarket" ON "subscriptions" USING btree ("micromarket_id");--> statement-breakpoint
CREATE INDEX "subscriptions_org" ON "subscriptions" USING btree ("org_id");