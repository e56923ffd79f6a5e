ALTER TABLE "posts" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_note" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_by" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approval_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_approval_by_users_id_fk" FOREIGN KEY ("approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_workspace_waiting_idx" ON "posts" USING btree ("workspace_id","publish_at") WHERE "posts"."approval" = 'waiting';--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_approval_known" CHECK ("posts"."approval" is null or "posts"."approval" in ('waiting', 'approved', 'returned'));