ALTER TABLE "subscriptions" ADD COLUMN "first_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "test_checkout_sessions" ADD COLUMN "discount_percent" integer;--> statement-breakpoint
ALTER TABLE "onboarding_states" ADD COLUMN "offer_redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onboarding_states" ADD COLUMN "offer_checkout_id" text;