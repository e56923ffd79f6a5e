CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"link_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "earnings_entries_purchase_key";--> statement-breakpoint
DROP INDEX "post_purchases_post_buyer_key";--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD COLUMN "pending_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD COLUMN "held_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD COLUMN "owed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD COLUMN "pending_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD COLUMN "held_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "earnings_entries" ADD COLUMN "owed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD COLUMN "status" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_purchases" ADD COLUMN "available_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_reference_key" ON "receipts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "receipts_user_created_idx" ON "receipts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "earnings_entries_purchase_idx" ON "earnings_entries" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "post_purchases_creator_status_idx" ON "post_purchases" USING btree ("creator_id","status","available_at");--> statement-breakpoint
CREATE INDEX "post_purchases_payment_intent_idx" ON "post_purchases" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "earnings_entries_purchase_key" ON "earnings_entries" USING btree ("purchase_id") WHERE "earnings_entries"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "post_purchases_post_buyer_key" ON "post_purchases" USING btree ("post_id","buyer_id") WHERE "post_purchases"."status" not in ('refunded', 'lost');--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_pending_not_negative" CHECK ("earnings_balances"."pending_cents" >= 0);--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_held_not_negative" CHECK ("earnings_balances"."held_cents" >= 0);--> statement-breakpoint
ALTER TABLE "earnings_balances" ADD CONSTRAINT "earnings_balances_owed_not_negative" CHECK ("earnings_balances"."owed_cents" >= 0);--> statement-breakpoint
ALTER TABLE "post_purchases" ADD CONSTRAINT "post_purchases_status_known" CHECK ("post_purchases"."status" in ('pending', 'available', 'disputed', 'refunded', 'lost'));