-- Every server instance keeps each organisation's alert thresholds in memory (lib/org-cache.ts,
-- read for every temperature a fridge reports). As with the session cache's triggers (0005),
-- the table announces its own changes on commit, so no writer has to remember to: the
-- payload is the organisation's id. TRUNCATE has no rows to name and sends '' (everything).
CREATE OR REPLACE FUNCTION vitrina_thresholds_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('vitrina_thresholds', '');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('vitrina_thresholds', OLD.org_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('vitrina_thresholds', NEW.org_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fleet_thresholds_notify AFTER INSERT OR UPDATE OR DELETE ON fleet_thresholds FOR EACH ROW
  EXECUTE FUNCTION vitrina_thresholds_notify();
--> statement-breakpoint
CREATE TRIGGER fleet_thresholds_notify_truncate AFTER TRUNCATE ON fleet_thresholds FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_thresholds_notify();
