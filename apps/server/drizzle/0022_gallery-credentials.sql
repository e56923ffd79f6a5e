ALTER TABLE "gallery_items" ADD COLUMN "credentials" jsonb;--> statement-breakpoint
ALTER TABLE "post_items" ADD COLUMN "has_credentials" boolean DEFAULT false NOT NULL;