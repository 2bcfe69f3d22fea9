DROP INDEX "fiscal_receipts_transaction";--> statement-breakpoint
DROP INDEX "payment_webhook_events_event";--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "refund_payment_id" bigint;--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "sensor_check" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_refund" ON "fiscal_receipts" USING btree ("refund_payment_id") WHERE "fiscal_receipts"."kind" = 'return';--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_transaction" ON "fiscal_receipts" USING btree ("transaction_id") WHERE "fiscal_receipts"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_event" ON "payment_webhook_events" USING btree ("org_id","provider","event_id");--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_kind" CHECK ("fiscal_receipts"."kind" IN ('sale', 'return') AND ("fiscal_receipts"."kind" = 'sale') = ("fiscal_receipts"."refund_payment_id" IS NULL));