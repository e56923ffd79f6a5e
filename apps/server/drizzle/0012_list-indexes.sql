DROP INDEX "ledger_entries_user_created_idx";--> statement-breakpoint
DROP INDEX "influencers_user_created_idx";--> statement-breakpoint
DROP INDEX "jobs_user_tool_created_idx";--> statement-breakpoint
DROP INDEX "gallery_items_user_influencer_idx";--> statement-breakpoint
DROP INDEX "gallery_items_user_product_idx";--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_id_idx" ON "ledger_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "influencers_user_created_id_idx" ON "influencers" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_user_created_id_idx" ON "jobs" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_user_tool_created_id_idx" ON "jobs" USING btree ("user_id","tool","created_at","id");--> statement-breakpoint
CREATE INDEX "gallery_items_user_influencer_id_idx" ON "gallery_items" USING btree ("user_id","influencer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gallery_items_user_product_id_idx" ON "gallery_items" USING btree ("user_id","product_id","created_at","id");