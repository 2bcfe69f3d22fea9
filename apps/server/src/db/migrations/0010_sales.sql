CREATE TABLE "bonus_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"operation" smallint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"transaction_id" bigint,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_operations_operation" CHECK ("bonus_operations"."operation" IN (1, 2)),
	CONSTRAINT "bonus_operations_amount" CHECK ("bonus_operations"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"provider" text NOT NULL,
	"payment_method" text NOT NULL,
	"provider_customer" text NOT NULL,
	"brand" text,
	"last4" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"category_id" integer,
	"source" text NOT NULL,
	"tag_code" text,
	"quantity" integer NOT NULL,
	"list_price_minor" bigint DEFAULT 0 NOT NULL,
	"price_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"is_corrected" boolean DEFAULT false NOT NULL,
	CONSTRAINT "transaction_products_quantity" CHECK ("transaction_products"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"door_session_id" uuid,
	"command_id" uuid,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer,
	"client_type" smallint DEFAULT 0 NOT NULL,
	"payment_type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"payment_status" smallint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"bonuses_used_minor" bigint DEFAULT 0 NOT NULL,
	"bonuses_accrued_minor" bigint DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"error_code" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" IN (0, 1, 2, 3, 4)),
	CONSTRAINT "transactions_payment_status" CHECK ("transactions"."payment_status" IN (0, 1, 2, 3)),
	CONSTRAINT "transactions_payment_type" CHECK ("transactions"."payment_type" IN (1, 2, 4, 23, 24)),
	CONSTRAINT "transactions_client_type" CHECK ("transactions"."client_type" IN (0, 1, 2)),
	CONSTRAINT "transactions_amounts" CHECK ("transactions"."gross_minor" >= 0 AND "transactions"."discount_minor" >= 0 AND "transactions"."bonuses_used_minor" >= 0 AND "transactions"."amount_minor" >= 0 AND "transactions"."refunded_minor" <= "transactions"."paid_minor")
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD CONSTRAINT "bonus_operations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD CONSTRAINT "bonus_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD CONSTRAINT "bonus_operations_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_operations" ADD CONSTRAINT "bonus_operations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD CONSTRAINT "customer_cards_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_cards" ADD CONSTRAINT "customer_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_products" ADD CONSTRAINT "transaction_products_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_products" ADD CONSTRAINT "transaction_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_door_session_id_door_sessions_id_fk" FOREIGN KEY ("door_session_id") REFERENCES "public"."door_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_operations_key" ON "bonus_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "bonus_operations_user" ON "bonus_operations" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_cards_token" ON "customer_cards" USING btree ("token");--> statement-breakpoint
CREATE INDEX "customer_cards_user" ON "customer_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transaction_products_transaction" ON "transaction_products" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transaction_products_product" ON "transaction_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_door_session" ON "transactions" USING btree ("door_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_command" ON "transactions" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_token" ON "transactions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "transactions_org_id" ON "transactions" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "transactions_micromarket_id" ON "transactions" USING btree ("micromarket_id","id");--> statement-breakpoint
CREATE INDEX "transactions_org_opened" ON "transactions" USING btree ("org_id","opened_at");--> statement-breakpoint
CREATE INDEX "transactions_customer_id" ON "transactions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "transactions_open" ON "transactions" USING btree ("micromarket_id","status") WHERE "transactions"."status" <> 1;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_transaction" ON "payment_transactions" USING btree ("transaction_id") WHERE "payment_transactions"."transaction_id" IS NOT NULL;