ALTER TABLE "products" ADD COLUMN "tax_codes" text[];--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "tax_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "shift_close_time" text DEFAULT '23:50' NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "shift_problem" text;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "shift_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fiscal_settings" ADD COLUMN "daily_close_on" date;--> statement-breakpoint
CREATE INDEX "fiscal_receipts_returns" ON "fiscal_receipts" USING btree ("transaction_id") WHERE "fiscal_receipts"."kind" = 'return';