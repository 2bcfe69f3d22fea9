CREATE TABLE "test_bank_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text,
	"ref" text,
	"body" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_bank_outcomes" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"ok" boolean NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "test_bank_objects_key" ON "test_bank_objects" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_bank_objects_ref" ON "test_bank_objects" USING btree ("ref");