ALTER TABLE "gallery_items" ADD COLUMN "tool" text DEFAULT 'generate-image' NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_items_user_product_idx" ON "gallery_items" USING btree ("user_id","product_id","created_at");