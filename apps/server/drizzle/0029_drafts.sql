ALTER TABLE "influencers" ADD COLUMN "voice_profile" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "draft" jsonb;