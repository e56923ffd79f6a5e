-- Every instance keeps each public page as a signed-out visitor sees it, its answer and its HTML,
-- rendered once per change (docs/decisions/0058-public-page-for-fans.md). Whatever changes what
-- such a visitor sees, in any process (a creator editing a post or the page's settings, a worker
-- publishing a scheduled post, an operator hiding one), announces 'page:<influencer id>' on
-- `muse_cache` once the transaction commits: the posts, their pictures and videos, the page, and
-- the influencer's name, niche and picture.
CREATE FUNCTION "muse_notify_public_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  influencer uuid;
BEGIN
  IF TG_TABLE_NAME = 'influencers' THEN
    influencer := COALESCE(NEW.id, OLD.id);
  ELSIF TG_TABLE_NAME = 'post_items' THEN
    SELECT "influencer_id" INTO influencer FROM "posts"
     WHERE "id" = COALESCE(NEW.post_id, OLD.post_id);
  ELSIF TG_TABLE_NAME = 'posts' AND TG_OP = 'UPDATE'
    AND NEW.influencer_id IS DISTINCT FROM OLD.influencer_id AND OLD.influencer_id IS NOT NULL THEN
    -- A post moved off a page (its influencer deleted) changes that page too.
    PERFORM pg_notify('muse_cache', 'page:' || OLD.influencer_id::text);
    influencer := NEW.influencer_id;
  ELSE
    influencer := COALESCE(NEW.influencer_id, OLD.influencer_id);
  END IF;
  IF influencer IS NOT NULL THEN
    PERFORM pg_notify('muse_cache', 'page:' || influencer::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "posts_notify_public_page" AFTER INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_public_page_change"();--> statement-breakpoint
CREATE TRIGGER "post_items_notify_public_page" AFTER INSERT OR UPDATE OR DELETE ON "post_items"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_public_page_change"();--> statement-breakpoint
CREATE TRIGGER "influencer_pages_notify_public_page" AFTER INSERT OR UPDATE OR DELETE ON "influencer_pages"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_public_page_change"();--> statement-breakpoint
CREATE TRIGGER "influencers_notify_public_page" AFTER UPDATE OF "name", "niche", "image_key", "thumbnail_key" OR DELETE ON "influencers"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_public_page_change"();
