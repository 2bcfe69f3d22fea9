-- Raw telemetry is partitioned by UTC day and its hourly rollup by UTC month, so retention drops
-- whole partitions instead of deleting rows (docs/decisions/135-telemetry-partitions.md). The
-- tables as they stand are not copied: each is attached, rows and indexes as they are, as the
-- one partition of everything before the next UTC midnight (first of a month) after its newest
-- row and after now, and is dropped whole once that bound is past the retention. An empty one
-- is dropped now. A DEFAULT partition takes any row no partition holds; the micromarkets'
-- telemetry.retention job makes the days (months) ahead and moves such rows out of it.
ALTER TABLE "telemetry" RENAME TO "telemetry_unpartitioned";--> statement-breakpoint
ALTER TABLE "telemetry_unpartitioned" RENAME CONSTRAINT "telemetry_pkey" TO "telemetry_unpartitioned_pkey";--> statement-breakpoint
ALTER TABLE "telemetry_unpartitioned" RENAME CONSTRAINT "telemetry_micromarket_id_micromarkets_id_fk" TO "telemetry_unpartitioned_micromarket_id_fk";--> statement-breakpoint
ALTER INDEX "telemetry_micromarket_at" RENAME TO "telemetry_unpartitioned_micromarket_at";--> statement-breakpoint
ALTER INDEX "telemetry_at_brin" RENAME TO "telemetry_unpartitioned_at_brin";--> statement-breakpoint
CREATE TABLE "telemetry" (
	"id" bigint DEFAULT nextval('telemetry_id_seq'::regclass) NOT NULL,
	"micromarket_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"temperature" real,
	"defrosting" boolean,
	"door_open" boolean,
	"weights" integer[],
	"tilt" real,
	CONSTRAINT "telemetry_id_at_pk" PRIMARY KEY("id","at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
-- The sequence outlives the old table, which is dropped some day as a partition.
ALTER SEQUENCE "telemetry_id_seq" OWNED BY "telemetry"."id";--> statement-breakpoint
ALTER TABLE "telemetry" ADD CONSTRAINT "telemetry_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telemetry_micromarket_at" ON "telemetry" USING btree ("micromarket_id","at");--> statement-breakpoint
CREATE INDEX "telemetry_at_brin" ON "telemetry" USING brin ("at");--> statement-breakpoint
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  newest timestamptz;
  bound timestamptz;
BEGIN
  SELECT max("at") INTO newest FROM "telemetry_unpartitioned";
  IF newest IS NULL THEN
    DROP TABLE "telemetry_unpartitioned";
    RETURN;
  END IF;
  bound := (date_trunc('day', greatest(newest, now()) AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC';
  -- A partitioned table's key holds its partition key; the other indexes and the foreign key
  -- match the parent's and are attached as they are.
  ALTER TABLE "telemetry_unpartitioned" DROP CONSTRAINT "telemetry_unpartitioned_pkey";
  ALTER TABLE "telemetry_unpartitioned" ADD CONSTRAINT "telemetry_unpartitioned_pkey" PRIMARY KEY ("id", "at");
  EXECUTE format('ALTER TABLE "telemetry" ATTACH PARTITION "telemetry_unpartitioned" FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  EXECUTE format('ALTER TABLE "telemetry_unpartitioned" RENAME TO %I', 'telemetry_before_' || to_char(bound AT TIME ZONE 'UTC', 'YYYYMMDD'));
END $$;--> statement-breakpoint
ALTER TABLE "telemetry_hourly" RENAME TO "telemetry_hourly_unpartitioned";--> statement-breakpoint
ALTER TABLE "telemetry_hourly_unpartitioned" RENAME CONSTRAINT "telemetry_hourly_micromarket_id_hour_pk" TO "telemetry_hourly_unpartitioned_pk";--> statement-breakpoint
ALTER TABLE "telemetry_hourly_unpartitioned" RENAME CONSTRAINT "telemetry_hourly_micromarket_id_micromarkets_id_fk" TO "telemetry_hourly_unpartitioned_micromarket_id_fk";--> statement-breakpoint
CREATE TABLE "telemetry_hourly" (
	"micromarket_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"temperature_min" real,
	"temperature_max" real,
	"temperature_avg" real,
	"door_open_samples" integer DEFAULT 0 NOT NULL,
	"defrosting_samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_hourly_micromarket_id_hour_pk" PRIMARY KEY("micromarket_id","hour")
) PARTITION BY RANGE ("hour");--> statement-breakpoint
ALTER TABLE "telemetry_hourly" ADD CONSTRAINT "telemetry_hourly_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "telemetry_hourly_default" PARTITION OF "telemetry_hourly" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  newest timestamptz;
  bound timestamptz;
BEGIN
  SELECT max("hour") INTO newest FROM "telemetry_hourly_unpartitioned";
  IF newest IS NULL THEN
    DROP TABLE "telemetry_hourly_unpartitioned";
    RETURN;
  END IF;
  bound := (date_trunc('month', greatest(newest, now()) AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  EXECUTE format('ALTER TABLE "telemetry_hourly" ATTACH PARTITION "telemetry_hourly_unpartitioned" FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  EXECUTE format('ALTER TABLE "telemetry_hourly_unpartitioned" RENAME TO %I', 'telemetry_hourly_before_' || to_char(bound AT TIME ZONE 'UTC', 'YYYYMM'));
END $$;
