ALTER TABLE "organizations" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A deactivated organisation's sessions stop at once: the session cache hears of it.
DROP TRIGGER organizations_auth_update ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_auth_update AFTER UPDATE ON organizations FOR EACH ROW
  WHEN (OLD.name <> NEW.name OR OLD.currency <> NEW.currency OR OLD.active <> NEW.active)
  EXECUTE FUNCTION vitrina_auth_notify('org', 'id');
