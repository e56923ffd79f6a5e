-- Every instance caches sessions and the public marketplace list in memory
-- (docs/decisions/0031-session-cache-and-hot-reads.md). Whatever writes the rows behind them,
-- in any process, announces it on `muse_cache` once the transaction commits ('account:<id>' or
-- 'marketplace'), and every instance forgets.
CREATE FUNCTION "muse_notify_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('muse_cache', 'account:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('muse_cache', 'account:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_account_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_account_change"();--> statement-breakpoint
CREATE FUNCTION "muse_notify_marketplace_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('muse_cache', 'marketplace');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "marketplace_models_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "marketplace_models"
  FOR EACH STATEMENT EXECUTE FUNCTION "muse_notify_marketplace_change"();--> statement-breakpoint
CREATE TRIGGER "model_licences_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "model_licences"
  FOR EACH STATEMENT EXECUTE FUNCTION "muse_notify_marketplace_change"();
