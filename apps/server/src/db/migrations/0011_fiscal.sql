CREATE TABLE "fiscal_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_receipt_id" text,
	"fiscal_number" text,
	"fiscal_sign" text,
	"url" text,
	"registered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_status" CHECK ("fiscal_receipts"."status" IN ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"credentials_sealed" text,
	"delay_seconds" integer DEFAULT 0 NOT NULL,
	"shift_open" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fiscal_test_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"key" text NOT NULL,
	"shift_number" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"fiscal_number" text NOT NULL,
	"fiscal_sign" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_test_shifts" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"is_open" boolean DEFAULT false NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD CONSTRAINT "fiscal_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_test_receipts" ADD CONSTRAINT "fiscal_test_receipts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_test_shifts" ADD CONSTRAINT "fiscal_test_shifts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_transaction" ON "fiscal_receipts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_org_status" ON "fiscal_receipts" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_test_receipts_key" ON "fiscal_test_receipts" USING btree ("org_id","key");