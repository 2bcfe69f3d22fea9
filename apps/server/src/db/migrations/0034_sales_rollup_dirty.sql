CREATE TABLE "sales_rollup_dirty" (
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "sales_rollup_dirty_micromarket_id_day_pk" PRIMARY KEY("micromarket_id","day")
);
--> statement-breakpoint
ALTER TABLE "sales_rollup_dirty" ADD CONSTRAINT "sales_rollup_dirty_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_rollup_dirty" ADD CONSTRAINT "sales_rollup_dirty_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_rollup_dirty_org" ON "sales_rollup_dirty" USING btree ("org_id");