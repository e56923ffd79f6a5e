CREATE TABLE "persona_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"influencer_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"image_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sha256" text NOT NULL,
	"dhash" text NOT NULL,
	"face_count" integer NOT NULL,
	"face_box" jsonb,
	"face_cut_off" boolean DEFAULT false NOT NULL,
	"sharpness" real,
	"embedding" real[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "trained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "training_job_id" uuid;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "trigger_word" text;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "passing_photos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "lora_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "persona_photos" ADD CONSTRAINT "persona_photos_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_photos" ADD CONSTRAINT "persona_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_photos_influencer_idx" ON "persona_photos" USING btree ("influencer_id","created_at");