CREATE TABLE "account_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "account_exports_status_known" CHECK ("account_exports"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "likeness_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text DEFAULT 'likeness' NOT NULL,
	"statement" text NOT NULL,
	"consent_document_key" text,
	"consent_document_name" text,
	"consent_document_type" text,
	"match_score" real,
	"verified_at" timestamp with time zone,
	"stated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likeness_statements_statement_known" CHECK ("likeness_statements"."statement" in ('self', 'consent', 'synthetic'))
);
--> statement-breakpoint
CREATE TABLE "operator_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"report_id" uuid,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"effects" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"reporter_id" uuid,
	"reporter_email" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"influencer_id" uuid,
	"handle" text NOT NULL,
	"post_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason_known" CHECK ("reports"."reason" in ('impersonation', 'minor', 'intimate', 'copyright', 'other')),
	CONSTRAINT "reports_status_known" CHECK ("reports"."status" in ('open', 'actioned', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "safety_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"tool" text NOT NULL,
	"prompt" text,
	"estimated_age" real,
	"influencer_id" uuid,
	"job_id" uuid,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_refusals_kind_known" CHECK ("safety_refusals"."kind" in ('prompt', 'photo', 'output'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_licences" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_licences" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "influencer_pages" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "removal" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "removal_message" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likeness_statements" ADD CONSTRAINT "likeness_statements_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likeness_statements" ADD CONSTRAINT "likeness_statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_refusals" ADD CONSTRAINT "safety_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_exports_user_created_idx" ON "account_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_token_key" ON "account_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "likeness_statements_influencer_idx" ON "likeness_statements" USING btree ("influencer_id","subject","stated_at");--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reference_key" ON "reports" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "reports_open_created_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_creator_idx" ON "reports" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "safety_refusals_unreviewed_idx" ON "safety_refusals" USING btree ("created_at") WHERE "safety_refusals"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "safety_refusals_user_idx" ON "safety_refusals" USING btree ("user_id");--> statement-breakpoint
-- The operators' audit log is append-only: no row is ever changed or removed, by anyone.
CREATE FUNCTION operator_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER operator_actions_no_update BEFORE UPDATE OR DELETE ON "operator_actions"
  FOR EACH ROW EXECUTE FUNCTION operator_actions_append_only();--> statement-breakpoint
CREATE TRIGGER operator_actions_no_truncate BEFORE TRUNCATE ON "operator_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION operator_actions_append_only();
