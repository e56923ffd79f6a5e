-- What an account owned now belongs to a workspace (docs/decisions/0055-workspaces.md). Its
-- personal workspace has its id, so every owned table keeps the values it has: the column is
-- renamed and its foreign key moves from users to workspaces. Indexes follow the renamed column.
ALTER TABLE "model_licences" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "account_balances" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "influencers" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "products" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "jobs" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "persona_photos" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "gallery_items" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "earnings_balances" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "earnings_entries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "influencer_pages" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "payout_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "payouts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "post_purchases" RENAME COLUMN "creator_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "posts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "released_handles" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "api_keys" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "idempotent_requests" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "platform_accounts" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "platform_flows" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "post_targets" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "model_licences" DROP CONSTRAINT "model_licences_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "account_balances" DROP CONSTRAINT "account_balances_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "influencers" DROP CONSTRAINT "influencers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "persona_photos" DROP CONSTRAINT "persona_photos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "gallery_items" DROP CONSTRAINT "gallery_items_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "earnings_balances" DROP CONSTRAINT "earnings_balances_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "earnings_entries" DROP CONSTRAINT "earnings_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "influencer_pages" DROP CONSTRAINT "influencer_pages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payout_accounts" DROP CONSTRAINT "payout_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "post_purchases" DROP CONSTRAINT "post_purchases_creator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotent_requests" DROP CONSTRAINT "idempotent_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "platform_accounts" DROP CONSTRAINT "platform_accounts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "platform_flows" DROP CONSTRAINT "platform_flows_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "post_targets" DROP CONSTRAINT "post_targets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "model_licences" ADD CONSTRAINT "model_licences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_photos" ADD CONSTRAINT "persona_photos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_pages" ADD CONSTRAINT "influencer_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
--> statement-breakpoint
-- The announcements name the workspace where the row is a workspace's: a key's account change,
-- a dashboard, a calendar, a job. Sessions and memberships are a person's.
CREATE OR REPLACE FUNCTION "muse_notify_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('muse_cache', 'account:' || COALESCE(NEW.id, OLD.id)::text);
  ELSIF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('muse_cache', 'account:' || COALESCE(NEW.workspace_id, OLD.workspace_id)::text);
  ELSE
    PERFORM pg_notify('muse_cache', 'account:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "muse_notify_dashboard_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('muse_cache', 'dashboard:' || OLD.workspace_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.workspace_id IS DISTINCT FROM OLD.workspace_id) THEN
    PERFORM pg_notify('muse_cache', 'dashboard:' || NEW.workspace_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "muse_notify_calendar_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('muse_cache', 'calendar:' || COALESCE(NEW.workspace_id, OLD.workspace_id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "muse_notify_job_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('muse_jobs', json_build_object('id', NEW.id, 'workspaceId', NEW.workspace_id)::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "muse_keep_released_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
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
       WHERE "handle" = NEW.handle AND "kept_until" > now() AND "workspace_id" <> NEW.workspace_id
    ) THEN
      RAISE EXCEPTION 'The handle "%" is kept for the workspace that released it', NEW.handle
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'released_handles_kept';
    END IF;
    DELETE FROM "released_handles" WHERE "handle" = NEW.handle;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "released_handles" ("handle", "workspace_id", "influencer_id", "kept_until")
    VALUES (OLD.handle, OLD.workspace_id, OLD.influencer_id, now() + interval '30 days')
    ON CONFLICT ("handle") DO UPDATE SET
      "workspace_id" = EXCLUDED."workspace_id",
      "influencer_id" = EXCLUDED."influencer_id",
      "kept_until" = EXCLUDED."kept_until";
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- An influencer made in a personal workspace makes its owner a creator; the onboarding makes
-- its person one.
CREATE OR REPLACE FUNCTION "muse_become_creator"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'influencers' THEN
    UPDATE "users" SET "creator_since" = now(), "updated_at" = now()
      WHERE "id" = NEW."workspace_id" AND "creator_since" IS NULL;
  ELSE
    UPDATE "users" SET "creator_since" = now(), "updated_at" = now()
      WHERE "id" = NEW."user_id" AND "creator_since" IS NULL;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Before workspaces only the account itself could start a job, make a post or a key, or spend.
UPDATE "jobs" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "posts" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "api_keys" SET "created_by" = "workspace_id";--> statement-breakpoint
UPDATE "ledger_entries" SET "actor_id" = "workspace_id" WHERE "kind" = 'spend';--> statement-breakpoint
UPDATE "test_checkout_sessions" SET "workspace_id" = "user_id" WHERE "plan" IS NOT NULL;
