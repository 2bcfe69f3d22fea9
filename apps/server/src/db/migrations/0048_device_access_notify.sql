-- A device's access changes when its token is rotated, the micromarket is (de)activated, renamed
-- to another serial, moved to another organisation or deleted. Announced on `vitrina_auth` as
-- device:<serial> (for both the old and the new serial), whoever makes the change, so every
-- instance forgets the serial's cached login and closes its live connections at the broker
-- (gateway/org-watch.ts). NOTIFY is delivered on commit only.
CREATE TRIGGER micromarkets_device_access AFTER UPDATE ON micromarkets FOR EACH ROW
  WHEN (OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.active <> NEW.active
    OR OLD.serial_number <> NEW.serial_number OR OLD.org_id <> NEW.org_id)
  EXECUTE FUNCTION vitrina_auth_notify('device', 'serial_number');
--> statement-breakpoint
CREATE TRIGGER micromarkets_device_access_delete AFTER DELETE ON micromarkets FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('device', 'serial_number');
