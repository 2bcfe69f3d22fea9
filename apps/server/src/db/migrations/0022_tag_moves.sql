CREATE TABLE "micromarket_inventory" (
	"micromarket_id" integer PRIMARY KEY NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"counts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tag_id" bigint NOT NULL,
	"org_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"from_micromarket_id" integer,
	"to_micromarket_id" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "micromarket_inventory" ADD CONSTRAINT "micromarket_inventory_micromarket_id_micromarkets_id_fk" FOREIGN KEY ("micromarket_id") REFERENCES "public"."micromarkets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_moves_to_micromarket" ON "tag_moves" USING btree ("to_micromarket_id","at");--> statement-breakpoint
CREATE INDEX "tag_moves_from_micromarket" ON "tag_moves" USING btree ("from_micromarket_id","at");--> statement-breakpoint
-- Every change of a tag's status or micromarket, whoever makes it (gateway, sales, panel, jobs).
CREATE FUNCTION vitrina_tag_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO tag_moves (tag_id, org_id, product_id, from_micromarket_id, to_micromarket_id, from_status, to_status, at)
    VALUES (NEW.id, NEW.org_id, NEW.product_id, NULL, NEW.micromarket_id, NULL, NEW.status, NEW.updated_at);
  ELSE
    INSERT INTO tag_moves (tag_id, org_id, product_id, from_micromarket_id, to_micromarket_id, from_status, to_status, at)
    VALUES (NEW.id, NEW.org_id, NEW.product_id, OLD.micromarket_id, NEW.micromarket_id, OLD.status, NEW.status,
      CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_move_insert AFTER INSERT ON tags FOR EACH ROW EXECUTE FUNCTION vitrina_tag_move();
--> statement-breakpoint
CREATE TRIGGER tags_move_update AFTER UPDATE OF status, micromarket_id ON tags FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.micromarket_id IS DISTINCT FROM NEW.micromarket_id)
  EXECUTE FUNCTION vitrina_tag_move();
--> statement-breakpoint
-- Tags from before the log: their present state, as of their last change.
INSERT INTO tag_moves (tag_id, org_id, product_id, from_micromarket_id, to_micromarket_id, from_status, to_status, at)
SELECT id, org_id, product_id, NULL, micromarket_id, NULL, status, updated_at FROM tags;
