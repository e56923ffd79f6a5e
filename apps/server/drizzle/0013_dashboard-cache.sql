-- Every instance caches each account's dashboard in memory
-- (docs/decisions/0031-session-cache-and-hot-reads.md). Whatever changes a figure or a card on
-- it, in any process, announces 'dashboard:<account id>' on `muse_cache` once the transaction
-- commits: balances, the plan, influencers, products, and a training's status.
CREATE FUNCTION "muse_notify_dashboard_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('muse_cache', 'dashboard:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('muse_cache', 'dashboard:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "account_balances_notify_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "account_balances"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_dashboard_change"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_dashboard_change"();--> statement-breakpoint
CREATE TRIGGER "influencers_notify_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "influencers"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_dashboard_change"();--> statement-breakpoint
CREATE TRIGGER "products_notify_dashboard" AFTER INSERT OR DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_dashboard_change"();--> statement-breakpoint
CREATE TRIGGER "jobs_notify_dashboard" AFTER UPDATE OF "status" ON "jobs"
  FOR EACH ROW WHEN (NEW."tool" = 'train-persona' AND OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "muse_notify_dashboard_change"();
