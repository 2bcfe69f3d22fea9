CREATE TABLE "sales_daily" (
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"day" date NOT NULL,
	"payment_type" smallint NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_micromarket_id_day_payment_type_pk" PRIMARY KEY("micromarket_id","day","payment_type")
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_products_micromarket_id_day_product_id_category_id_pk" PRIMARY KEY("micromarket_id","day","product_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily_products" ADD CONSTRAINT "sales_daily_products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_daily_products" ADD CONSTRAINT "sales_daily_products_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_daily_org_day" ON "sales_daily" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_products_org_day" ON "sales_daily_products" USING btree ("org_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_products_product" ON "sales_daily_products" USING btree ("product_id","day") WHERE "sales_daily_products"."product_id" <> 0;