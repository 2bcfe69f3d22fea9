CREATE TABLE "refund_lines" (
	"payment_transaction_id" bigint NOT NULL,
	"transaction_product_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "refund_lines_payment_transaction_id_transaction_product_id_pk" PRIMARY KEY("payment_transaction_id","transaction_product_id"),
	CONSTRAINT "refund_lines_quantity" CHECK ("refund_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "transaction_products" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_payment_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("payment_transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_transaction_product_id_transaction_products_id_fk" FOREIGN KEY ("transaction_product_id") REFERENCES "public"."transaction_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_line" ON "refund_lines" USING btree ("transaction_product_id");--> statement-breakpoint
CREATE INDEX "transactions_refunded" ON "transactions" USING btree ("org_id","opened_at","id") WHERE "transactions"."refunded_minor" > 0;--> statement-breakpoint
ALTER TABLE "transaction_products" ADD CONSTRAINT "transaction_products_refunded_quantity" CHECK ("transaction_products"."refunded_quantity" >= 0 AND "transaction_products"."refunded_quantity" <= "transaction_products"."quantity");--> statement-breakpoint
-- A refund by products holds its units on the sale's lines (refunded_quantity, raised under
-- the sale's lock when the refund is reserved). Whoever fails one of its ledger rows (the
-- provider's answer, a refund webhook, the reconciliation), the units that row was giving back
-- return to the lines in the very statement that failed it: error is final (only a row in
-- process is settled), so they return once.
CREATE FUNCTION vitrina_refund_failed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transaction_products AS line
  SET refunded_quantity = line.refunded_quantity - given.quantity
  FROM refund_lines AS given
  WHERE given.payment_transaction_id = NEW.id AND line.id = given.transaction_product_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_transactions_refund_failed AFTER UPDATE OF status ON payment_transactions FOR EACH ROW
  WHEN (NEW.operation = 'refund' AND NEW.status = 2 AND OLD.status IS DISTINCT FROM 2)
  EXECUTE FUNCTION vitrina_refund_failed();
