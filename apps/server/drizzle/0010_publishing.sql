CREATE TABLE "earnings_balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_balances_not_negative" CHECK ("earnings_balances"."available_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "earnings_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"purchase_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencer_pages" (
	"influencer_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"transfers_active" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"transfer_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "post_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"gallery_item_id" uuid,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"blurred_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"preview" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"buyer_id" uuid,
	"creator_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"checkout_id" text NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_purchases_net" CHECK ("post_purchases"."net_cents" = "post_purchases"."amount_cents" - "post_purchases"."fee_cents")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"influencer_id" uuid,
	"influencer_name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"scheduled" boolean NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_price_cents_range" CHECK ("posts"."price_cents" = 0 or "posts"."price_cents" between 100 and 50000),
	CONSTRAINT "posts_status_known" CHECK ("posts"."status" in ('scheduled', 'published'))
);
--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ALTER COLUMN "billing" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_purchase_id_post_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."post_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD CONSTRAINT "earnings_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_pages" ADD CONSTRAINT "influencer_pages_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "influencer_pages" ADD CONSTRAINT "influencer_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_items" ADD CONSTRAINT "post_items_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_items" ADD CONSTRAINT "post_items_gallery_item_id_gallery_items_id_fk" FOREIGN KEY ("gallery_item_id") REFERENCES "public"."gallery_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_purchase_key" ON "earnings_entries" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_payout_kind_key" ON "earnings_entries" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE INDEX "earnings_entries_user_created_idx" ON "earnings_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "influencer_pages_handle_key" ON "influencer_pages" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "influencer_pages_user_idx" ON "influencer_pages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payouts_user_created_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_items_post_position_key" ON "post_items" USING btree ("post_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchases_post_buyer_key" ON "post_purchases" USING btree ("post_id","buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchases_checkout_key" ON "post_purchases" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "post_purchases_buyer_created_idx" ON "post_purchases" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "post_purchases_creator_created_idx" ON "post_purchases" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_influencer_status_publish_idx" ON "posts" USING btree ("influencer_id","status","publish_at");--> statement-breakpoint
CREATE INDEX "posts_user_publish_idx" ON "posts" USING btree ("user_id","publish_at");--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD CONSTRAINT "test_checkout_sessions_purchase" CHECK (("test_checkout_sessions"."plan" is not null and "test_checkout_sessions"."billing" is not null and "test_checkout_sessions"."post_id" is null) or ("test_checkout_sessions"."post_id" is not null and "test_checkout_sessions"."amount_cents" is not null and "test_checkout_sessions"."plan" is null));