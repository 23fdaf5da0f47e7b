-- Any change to a session row (expiry shortened by hand, token rotated, user moved) must reach
-- the instances that cached it, not only deletes: notify on UPDATE as well, with the old hash
-- (the key the caches hold).
DROP TRIGGER IF EXISTS sessions_revoked ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_revoked();
