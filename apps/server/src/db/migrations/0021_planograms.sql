CREATE TABLE "micromarket_planograms" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"template_id" integer,
	"template_name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"schedule_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "planogram_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"micromarket_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planogram_schedules_status" CHECK ("planogram_schedules"."status" BETWEEN 1 AND 4),
	CONSTRAINT "planogram_schedules_dates" CHECK ("planogram_schedules"."date_to" >= "planogram_schedules"."date_from")
);
--> statement-breakpoint
CREATE TABLE "planogram_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"layout" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "micromarket_planograms" ADD CONSTRAINT "micromarket_planograms_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micromarket_planograms" ADD CONSTRAINT "micromarket_planograms_template_id_planogram_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."planogram_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "micromarket_planograms" ADD CONSTRAINT "micromarket_planograms_schedule_id_planogram_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."planogram_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_schedules" ADD CONSTRAINT "planogram_schedules_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_schedules" ADD CONSTRAINT "planogram_schedules_template_id_planogram_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."planogram_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_schedules" ADD CONSTRAINT "planogram_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_templates" ADD CONSTRAINT "planogram_templates_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planogram_templates" ADD CONSTRAINT "planogram_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "micromarket_planograms_active" ON "micromarket_planograms" USING btree ("micromarket_id") WHERE "micromarket_planograms"."active";--> statement-breakpoint
CREATE INDEX "micromarket_planograms_template" ON "micromarket_planograms" USING btree ("template_id") WHERE "micromarket_planograms"."active";--> statement-breakpoint
CREATE INDEX "planogram_schedules_micromarket" ON "planogram_schedules" USING btree ("micromarket_id","status");--> statement-breakpoint
CREATE INDEX "planogram_schedules_open" ON "planogram_schedules" USING btree ("status","date_from") WHERE "planogram_schedules"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "planogram_templates_org" ON "planogram_templates" USING btree ("org_id","name");