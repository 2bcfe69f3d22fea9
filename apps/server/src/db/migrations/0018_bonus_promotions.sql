CREATE TABLE "bonus_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type" smallint NOT NULL,
	"subtype" smallint NOT NULL,
	"bonus_type" text NOT NULL,
	"amount" integer NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"min_purchase_minor" bigint,
	"max_purchase_minor" bigint,
	"new_users_only" boolean DEFAULT false NOT NULL,
	"organization_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"micromarket_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_promotions_type" CHECK ("bonus_promotions"."type" IN (1, 2, 3)),
	CONSTRAINT "bonus_promotions_subtype" CHECK ("bonus_promotions"."subtype" IN (1, 2, 3, 4, 5, 6)),
	CONSTRAINT "bonus_promotions_status" CHECK ("bonus_promotions"."status" IN (1, 2)),
	CONSTRAINT "bonus_promotions_amount" CHECK ("bonus_promotions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_promotions" ADD CONSTRAINT "bonus_promotions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_promotions" ADD CONSTRAINT "bonus_promotions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_promotions_active_org" ON "bonus_promotions" USING btree ("org_id") WHERE "bonus_promotions"."status" = 1;--> statement-breakpoint
CREATE INDEX "bonus_promotions_active_linked" ON "bonus_promotions" USING gin ("organization_ids") WHERE "bonus_promotions"."status" = 1;--> statement-breakpoint
CREATE INDEX "bonus_promotions_org_created" ON "bonus_promotions" USING btree ("org_id","id");