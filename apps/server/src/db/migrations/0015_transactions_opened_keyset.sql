DROP INDEX "transactions_org_id";--> statement-breakpoint
DROP INDEX "transactions_micromarket_id";--> statement-breakpoint
DROP INDEX "transactions_customer_id";--> statement-breakpoint
DROP INDEX "transactions_org_opened";--> statement-breakpoint
CREATE INDEX "transactions_micromarket_opened" ON "transactions" USING btree ("micromarket_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "transactions_customer_opened" ON "transactions" USING btree ("customer_id","opened_at","id");--> statement-breakpoint
CREATE INDEX "transactions_opened" ON "transactions" USING btree ("opened_at","id");--> statement-breakpoint
CREATE INDEX "transactions_org_opened" ON "transactions" USING btree ("org_id","opened_at","id");