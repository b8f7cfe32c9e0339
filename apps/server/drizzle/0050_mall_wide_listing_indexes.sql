CREATE INDEX "products_newest_idx" ON "products" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("status","price","id");--> statement-breakpoint
CREATE INDEX "products_hot_idx" ON "products" USING btree ("status",('hot' = any("tags")) desc,"sort","id");