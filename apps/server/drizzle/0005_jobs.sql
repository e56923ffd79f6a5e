CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'Waiting in the queue' NOT NULL,
	"options" jsonb NOT NULL,
	"input" jsonb,
	"outputs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prompt" text,
	"cost" integer NOT NULL,
	"failure_reason" text,
	"engine" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_user_tool_created_idx" ON "jobs" USING btree ("user_id","tool","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_heartbeat_idx" ON "jobs" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE FUNCTION "muse_notify_job_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('muse_jobs', json_build_object('id', NEW.id, 'userId', NEW.user_id)::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify_change" AFTER INSERT OR UPDATE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "muse_notify_job_change"();
