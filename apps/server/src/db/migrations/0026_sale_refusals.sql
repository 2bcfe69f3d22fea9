CREATE TABLE "sale_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"micromarket_id" integer NOT NULL,
	"reason" text NOT NULL,
	"customer_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_refusals" ADD CONSTRAINT "sale_refusals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refusals" ADD CONSTRAINT "sale_refusals_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refusals" ADD CONSTRAINT "sale_refusals_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_refusals_org_at" ON "sale_refusals" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "sale_refusals_micromarket_at" ON "sale_refusals" USING btree ("micromarket_id","at");