CREATE TABLE "opening_claims" (
	"micromarket_id" integer PRIMARY KEY NOT NULL,
	"claim" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opening_claims" ADD CONSTRAINT "opening_claims_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;