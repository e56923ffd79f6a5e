-- Every instance caches each account's calendar answers (GET /api/posts) in memory
-- (docs/decisions/0031-session-cache-and-hot-reads.md). Whatever changes what they show, in any
-- process (a worker publishing a post or a platform copy, a fan buying), announces
-- 'calendar:<account id>' on `muse_cache` once the transaction commits: the posts, their
-- platform copies, their sales, the pages' handles and the platform accounts' names.
CREATE FUNCTION "muse_notify_calendar_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account uuid;
BEGIN
  IF TG_TABLE_NAME = 'post_purchases' THEN
    account := COALESCE(NEW.creator_id, OLD.creator_id);
  ELSE
    account := COALESCE(NEW.user_id, OLD.user_id);
  END IF;
  PERFORM pg_notify('muse_cache', 'calendar:' || account::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_notify_calendar" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();--> statement-breakpoint
CREATE TRIGGER "post_targets_notify_calendar" AFTER INSERT OR UPDATE OR DELETE ON "post_targets"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();--> statement-breakpoint
CREATE TRIGGER "post_purchases_notify_calendar" AFTER INSERT OR UPDATE OR DELETE ON "post_purchases"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();--> statement-breakpoint
CREATE TRIGGER "influencer_pages_notify_calendar" AFTER INSERT OR UPDATE OF "handle" OR DELETE ON "influencer_pages"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();--> statement-breakpoint
CREATE TRIGGER "platform_accounts_notify_calendar" AFTER UPDATE OF "username" OR DELETE ON "platform_accounts"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();
--> statement-breakpoint
-- The month's scheduled-post limit comes with the plan.
CREATE TRIGGER "subscriptions_notify_calendar" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_calendar_change"();
