CREATE TABLE "device_group_couriers" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "device_group_couriers_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "device_groups" ADD COLUMN "route_days" smallint[] DEFAULT '{1,2,3,4,5,6,7}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "device_group_couriers" ADD CONSTRAINT "device_group_couriers_group_id_device_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."device_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_group_couriers" ADD CONSTRAINT "device_group_couriers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_group_couriers_user" ON "device_group_couriers" USING btree ("user_id");