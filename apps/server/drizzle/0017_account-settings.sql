CREATE TABLE "email_change_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"new_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_change_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "creator_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change_tokens" ADD CONSTRAINT "email_change_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_tokens_user_id_idx" ON "email_change_tokens" USING btree ("user_id");--> statement-breakpoint
-- Sessions opened before this change were last seen, as far as Muse knows, when they started.
UPDATE "sessions" SET "last_used_at" = "created_at";--> statement-breakpoint
-- A session's last use is refreshed now and then: that alone changes nothing a cache keeps, so
-- only the other columns announce the account (docs/decisions/0031-session-cache-and-hot-reads.md).
DROP TRIGGER "sessions_notify_change" ON "sessions";--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER UPDATE OF "user_id", "token_hash", "expires_at", "revoked_at" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_account_change"();--> statement-breakpoint
-- Existing accounts are creators, except those that only ever bought posts: a purchase, and
-- neither an onboarding nor an influencer (docs/product/accounts.md, 'Fans and creators').
UPDATE "users" SET "creator_since" = "created_at"
  WHERE NOT EXISTS (SELECT 1 FROM "post_purchases" p WHERE p."buyer_id" = "users"."id")
     OR EXISTS (SELECT 1 FROM "onboarding_states" o WHERE o."user_id" = "users"."id")
     OR EXISTS (SELECT 1 FROM "influencers" i WHERE i."user_id" = "users"."id");--> statement-breakpoint
-- Starting the onboarding or getting an influencer, by whatever path, makes a fan a creator.
CREATE FUNCTION "muse_become_creator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "creator_since" = now(), "updated_at" = now()
    WHERE "id" = NEW."user_id" AND "creator_since" IS NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "onboarding_states_become_creator" AFTER INSERT ON "onboarding_states"
  FOR EACH ROW EXECUTE FUNCTION "muse_become_creator"();--> statement-breakpoint
CREATE TRIGGER "influencers_become_creator" AFTER INSERT ON "influencers"
  FOR EACH ROW EXECUTE FUNCTION "muse_become_creator"();
