CREATE TABLE "platform_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"remote_id" text NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"picture_url" text,
	"picture_key" text,
	"profile_url" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_accounts_platform_known" CHECK ("platform_accounts"."platform" in ('instagram', 'tiktok', 'youtube', 'x')),
	CONSTRAINT "platform_accounts_status_known" CHECK ("platform_accounts"."status" in ('connected', 'expired', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "platform_flows" (
	"state" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"influencer_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"account_id" uuid,
	"caption" text,
	"title" text,
	"privacy_level" text,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remote_id" text,
	"url" text,
	"failure_code" text,
	"failure_message" text,
	"wait_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"views" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"counts_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_targets_state_known" CHECK ("post_targets"."state" in ('scheduled', 'publishing', 'published', 'failed')),
	CONSTRAINT "post_targets_platform_known" CHECK ("post_targets"."platform" in ('instagram', 'tiktok', 'youtube', 'x'))
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "on_page" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD CONSTRAINT "platform_accounts_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_accounts_influencer_platform_key" ON "platform_accounts" USING btree ("influencer_id","platform");--> statement-breakpoint
CREATE INDEX "platform_accounts_user_idx" ON "platform_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "platform_accounts_expiry_idx" ON "platform_accounts" USING btree ("access_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_targets_post_platform_key" ON "post_targets" USING btree ("post_id","platform");--> statement-breakpoint
CREATE INDEX "post_targets_user_idx" ON "post_targets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_targets_account_idx" ON "post_targets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "post_targets_counts_idx" ON "post_targets" USING btree ("counts_read_at") WHERE "post_targets"."state" = 'published';