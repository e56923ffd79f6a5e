CREATE TABLE "marketplace_models" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"age" integer NOT NULL,
	"hair" text NOT NULL,
	"body" text NOT NULL,
	"ethnicity" text NOT NULL,
	"tier" text DEFAULT 'Classic' NOT NULL,
	"about" text,
	"is_live" boolean DEFAULT false NOT NULL,
	"is_blacked_out" boolean DEFAULT false NOT NULL,
	"image_count" integer DEFAULT 0 NOT NULL,
	"image_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" integer NOT NULL,
	"user_id" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_licences" ADD CONSTRAINT "model_licences_model_id_marketplace_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."marketplace_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_licences" ADD CONSTRAINT "model_licences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_licences_model_id_idx" ON "model_licences" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "model_licences_model_user_key" ON "model_licences" USING btree ("model_id","user_id");