ALTER TABLE "fiscal_receipts" DROP CONSTRAINT "fiscal_receipts_kind";--> statement-breakpoint
DROP INDEX "fiscal_receipts_returns";--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD COLUMN "document" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_correction" ON "fiscal_receipts" USING btree ("refund_payment_id") WHERE "fiscal_receipts"."kind" = 'correction';--> statement-breakpoint
CREATE INDEX "fiscal_receipts_returns" ON "fiscal_receipts" USING btree ("transaction_id") WHERE "fiscal_receipts"."kind" <> 'sale';--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_kind" CHECK ("fiscal_receipts"."kind" IN ('sale', 'return', 'correction') AND ("fiscal_receipts"."kind" = 'sale') = ("fiscal_receipts"."refund_payment_id" IS NULL));