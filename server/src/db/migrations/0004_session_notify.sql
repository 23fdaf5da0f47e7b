-- Instances keep signed-in sessions in memory; these tell every instance at once when a
-- session is revoked (logout, expiry clean-up) or its user changes (role, name, deletion).
CREATE OR REPLACE FUNCTION notify_session_revoked() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('session_revoked', OLD.token_hash);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_user_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('user_changed', OLD.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
