-- The session cache (src/lib/session-cache.ts) keeps auth contexts in memory on every server
-- instance. These triggers announce on channel `vitrina_auth` every change to what such a
-- context is built from, whoever makes it (a service written today or later, a job, psql),
-- so no code has to remember to invalidate. NOTIFY is delivered on commit only: a rolled-back
-- change evicts nothing. Payloads: session:<id>, user:<id>, role:<id>, org:<id>, all.
CREATE OR REPLACE FUNCTION vitrina_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('vitrina_auth', 'all');
    RETURN NULL;
  END IF;
  -- TG_ARGV: the payload's kind and the column that names the affected entity. A change of
  -- that column (a link moved to another organisation) concerns both the old and the new.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('vitrina_auth', TG_ARGV[0] || ':' || (to_jsonb(OLD) ->> TG_ARGV[1]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('vitrina_auth', TG_ARGV[0] || ':' || (to_jsonb(NEW) ->> TG_ARGV[1]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Not the once-a-minute sliding-expiry write, which only moves expires_at forward.
CREATE TRIGGER sessions_auth_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id <> NEW.user_id
    OR OLD.acting_role_id IS DISTINCT FROM NEW.acting_role_id OR OLD.token_hash <> NEW.token_hash
    OR NEW.expires_at < OLD.expires_at)
  EXECUTE FUNCTION vitrina_auth_notify('session', 'id');
--> statement-breakpoint
-- A revoked session is never cached, so purging revoked ones announces nothing.
CREATE TRIGGER sessions_auth_delete AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION vitrina_auth_notify('session', 'id');
--> statement-breakpoint
-- Not last_login_at, phones, bonuses and the rest, which no session carries.
CREATE TRIGGER users_auth_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.active <> NEW.active OR OLD.org_id <> NEW.org_id
    OR OLD.password_hash IS DISTINCT FROM NEW.password_hash OR OLD.email <> NEW.email
    OR OLD.name <> NEW.name OR OLD.lang <> NEW.lang)
  EXECUTE FUNCTION vitrina_auth_notify('user', 'id');
--> statement-breakpoint
CREATE TRIGGER users_auth_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('user', 'id');
--> statement-breakpoint
CREATE TRIGGER roles_auth_update AFTER UPDATE ON roles FOR EACH ROW
  WHEN (OLD.name <> NEW.name OR OLD.default_page <> NEW.default_page)
  EXECUTE FUNCTION vitrina_auth_notify('role', 'id');
--> statement-breakpoint
CREATE TRIGGER roles_auth_delete AFTER DELETE ON roles FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('role', 'id');
--> statement-breakpoint
-- Setting a role's permissions rewrites many rows with one payload; PostgreSQL sends
-- identical payloads of one transaction once.
CREATE TRIGGER role_permissions_auth AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('role', 'role_id');
--> statement-breakpoint
-- A link changes the scope of the users of the organisation it is granted to.
CREATE TRIGGER organization_access_auth AFTER INSERT OR UPDATE OR DELETE ON organization_access FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('org', 'grantee_org_id');
--> statement-breakpoint
CREATE TRIGGER organizations_auth_update AFTER UPDATE ON organizations FOR EACH ROW
  WHEN (OLD.name <> NEW.name OR OLD.currency <> NEW.currency)
  EXECUTE FUNCTION vitrina_auth_notify('org', 'id');
--> statement-breakpoint
CREATE TRIGGER organizations_auth_delete AFTER DELETE ON organizations FOR EACH ROW
  EXECUTE FUNCTION vitrina_auth_notify('org', 'id');
--> statement-breakpoint
-- TRUNCATE has no rows to name: it clears every cache.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY['sessions', 'users', 'roles', 'role_permissions', 'organization_access', 'organizations']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vitrina_auth_notify()',
      watched || '_auth_truncate', watched);
  END LOOP;
END $$;
