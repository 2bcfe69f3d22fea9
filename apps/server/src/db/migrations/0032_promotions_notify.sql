-- Every server instance keeps each organisation's running bonus promotions in memory (read at
-- every settled sale). A promotion may name several organisations, so any change clears them
-- all: one announcement per statement, with the empty payload of 0031's function.
CREATE TRIGGER bonus_promotions_notify AFTER INSERT OR UPDATE OR DELETE ON bonus_promotions FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_notify_org_change('vitrina_promotions');
--> statement-breakpoint
CREATE TRIGGER bonus_promotions_notify_truncate AFTER TRUNCATE ON bonus_promotions FOR EACH STATEMENT
  EXECUTE FUNCTION vitrina_notify_org_change('vitrina_promotions');
