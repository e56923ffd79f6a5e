CREATE TABLE "persona_voices" (
	"influencer_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"stock_voice" text NOT NULL,
	"recording_key" text,
	"recording_name" text,
	"recording_seconds" real,
	"statement_id" uuid,
	"sample_key" text,
	"sample_is_preview" boolean DEFAULT true NOT NULL,
	"provider_voices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persona_voices_influencer_id_pk" PRIMARY KEY("influencer_id"),
	CONSTRAINT "persona_voices_kind_known" CHECK ("persona_voices"."kind" in ('stock', 'cloned')),
	CONSTRAINT "persona_voices_cloned_has_recording" CHECK ("persona_voices"."kind" <> 'cloned' or ("persona_voices"."recording_key" is not null and "persona_voices"."statement_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "persona_voices" ADD CONSTRAINT "persona_voices_influencer_id_influencers_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "public"."influencers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_voices" ADD CONSTRAINT "persona_voices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_voices" ADD CONSTRAINT "persona_voices_statement_id_likeness_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."likeness_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_voices_workspace_idx" ON "persona_voices" USING btree ("workspace_id");