-- Every server instance keeps each organisation's payment settings in memory (lib/org-cache.ts,
-- read for every payment and every provider webhook). As with the thresholds (0009), the table
-- announces its own changes on commit: the payload is the organisation's id, '' for TRUNCATE.
-- The function takes its channel as the trigger's argument, so the next per-organisation
-- cache needs only its two triggers.
CREATE OR REPLACE FUNCTION vitrina_notify_org_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify(TG_ARGV[0], '');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify(TG_ARGV[0], OLD.org_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify(TG_ARGV[0], NEW.org_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_settings_notify AFTER INSERT OR UPDATE OR DELETE ON payment_settings FOR EACH ROW
  EXECUTE FUNCTION vitrina_notify_org_change('vitrina_payment_settings');
--> statement-breakpoint
CREATE TRIGGER payment_settings_notify_truncate AFTER TRUNCATE ON payment_settings FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_notify_org_change('vitrina_payment_settings');
