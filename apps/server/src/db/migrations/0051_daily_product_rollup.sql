CREATE TABLE "sales_org_daily" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"payment_type" smallint NOT NULL,
	"currency" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_org_daily_org_id_day_payment_type_currency_pk" PRIMARY KEY("org_id","day","payment_type","currency")
);
--> statement-breakpoint
CREATE TABLE "sales_org_daily_products" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"currency" text NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"cost_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_org_daily_products_org_id_day_product_id_category_id_currency_pk" PRIMARY KEY("org_id","day","product_id","category_id","currency")
);
--> statement-breakpoint
ALTER TABLE "sales_org_daily" ADD CONSTRAINT "sales_org_daily_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_org_daily_products" ADD CONSTRAINT "sales_org_daily_products_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The organisation rollups start as the sums of the micromarket rollups as they stand; a
-- micromarket-day marked behind its sales moves both when it is recomputed (reports/rollups.ts).
INSERT INTO "sales_org_daily" ("org_id", "day", "payment_type", "currency", "sales", "items", "revenue_minor",
  "refunds_minor", "cost_minor", "discount_minor")
SELECT "org_id", "day", "payment_type", "currency", sum("sales"), sum("items"), sum("revenue_minor"),
  sum("refunds_minor"), sum("cost_minor"), sum("discount_minor")
FROM "sales_daily" GROUP BY "org_id", "day", "payment_type", "currency";--> statement-breakpoint
INSERT INTO "sales_org_daily_products" ("org_id", "day", "product_id", "category_id", "currency", "sales", "items",
  "revenue_minor", "cost_minor")
SELECT "org_id", "day", "product_id", "category_id", "currency", sum("sales"), sum("items"), sum("revenue_minor"),
  sum("cost_minor")
FROM "sales_daily_products" GROUP BY "org_id", "day", "product_id", "category_id", "currency";
