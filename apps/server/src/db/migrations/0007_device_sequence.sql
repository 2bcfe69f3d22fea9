ALTER TABLE "micromarkets" ADD COLUMN "device_boot" integer;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "device_seq" bigint;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "device_seq_window" bigint;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "session_boot" integer;--> statement-breakpoint
ALTER TABLE "micromarkets" ADD COLUMN "session_seq" bigint;