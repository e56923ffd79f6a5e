CREATE TABLE "workspace_activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invitations_role_known" CHECK ("workspace_invitations"."role" in ('owner', 'admin', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_known" CHECK ("workspace_members"."role" in ('owner', 'admin', 'editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspace_activity" ADD CONSTRAINT "workspace_activity_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_activity_workspace_idx" ON "workspace_activity" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
-- Every account has a personal workspace with its own id, its owner a member with the owner's
-- role (docs/decisions/0055-workspaces.md): those of accounts made before workspaces now, and
-- each new account's as it is made. The name is not the person's: it names no one.
INSERT INTO "workspaces" ("id", "name", "personal", "created_at", "updated_at")
  SELECT "id", 'Personal workspace', true, "created_at", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
CREATE FUNCTION users_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "workspaces" ("id", "name", "personal", "created_at", "updated_at")
    VALUES (NEW."id", 'Personal workspace', true, NEW."created_at", NEW."created_at");
  INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
    VALUES (NEW."id", NEW."id", 'owner', NEW."created_at");
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_personal_workspace AFTER INSERT ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_personal_workspace();
--> statement-breakpoint
-- An account removed for good takes its personal workspace with it.
CREATE FUNCTION users_drop_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "workspaces" WHERE "id" = OLD."id" AND "personal";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_drop_personal_workspace AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_drop_personal_workspace();
--> statement-breakpoint
-- A session carries its person's memberships: a change to one makes every instance read the
-- session again (docs/decisions/0031-session-cache-and-hot-reads.md), so a removed member loses
-- the workspace at once everywhere.
CREATE TRIGGER "workspace_members_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "workspace_members"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_account_change"();
