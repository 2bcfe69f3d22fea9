ALTER TABLE "audit_log" ADD COLUMN "via" text DEFAULT 'http' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_label" text;