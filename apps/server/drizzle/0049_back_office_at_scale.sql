CREATE INDEX "variants_stock_idx" ON "variants" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "members_phone_prefix_idx" ON "members" USING btree ("phone" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_refcode_prefix_idx" ON "members" USING btree ("refcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_receiver_phone_prefix_idx" ON "orders" USING btree ("receiver_phone" text_pattern_ops);