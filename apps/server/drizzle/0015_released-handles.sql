CREATE TABLE "released_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"kept_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A handle a page lets go of is kept 30 days for the account that held it
-- (docs/product/publishing.md, "The public page"). A trigger, not the code that writes pages, so
-- every way a page goes is covered: a new handle, the page's influencer deleted, the account
-- deleted (both by cascade). Taking a handle locks it (and, on a rename, the old one, in a fixed
-- order) for the transaction, so a rename and another account's claim of the old handle at the
-- same moment are told apart in order.
CREATE FUNCTION "muse_keep_released_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.handle = OLD.handle THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(lock_key)
    FROM (
      SELECT DISTINCT hashtext('muse-handle:' || handle) AS lock_key
        FROM unnest(ARRAY[
          CASE WHEN TG_OP <> 'DELETE' THEN NEW.handle END,
          CASE WHEN TG_OP <> 'INSERT' THEN OLD.handle END
        ]) AS handle
       WHERE handle IS NOT NULL
       ORDER BY lock_key
    ) AS handles;
  IF TG_OP <> 'DELETE' THEN
    IF EXISTS (
      SELECT 1 FROM "released_handles"
       WHERE "handle" = NEW.handle AND "kept_until" > now() AND "user_id" <> NEW.user_id
    ) THEN
      RAISE EXCEPTION 'The handle "%" is kept for the account that released it', NEW.handle
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'released_handles_kept';
    END IF;
    DELETE FROM "released_handles" WHERE "handle" = NEW.handle;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "released_handles" ("handle", "user_id", "influencer_id", "kept_until")
    VALUES (OLD.handle, OLD.user_id, OLD.influencer_id, now() + interval '30 days')
    ON CONFLICT ("handle") DO UPDATE SET
      "user_id" = EXCLUDED."user_id",
      "influencer_id" = EXCLUDED."influencer_id",
      "kept_until" = EXCLUDED."kept_until";
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "influencer_pages_keep_released_handle"
  BEFORE INSERT OR UPDATE OF "handle" OR DELETE ON "influencer_pages"
  FOR EACH ROW EXECUTE FUNCTION "muse_keep_released_handle"();
