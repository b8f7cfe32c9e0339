DROP INDEX "orders_no_prefix_idx";--> statement-breakpoint
DROP INDEX "variants_stock_idx";--> statement-breakpoint
DROP INDEX "orders_no_key";--> statement-breakpoint
DROP INDEX "orders_delivered_idx";--> statement-breakpoint
DROP INDEX "orders_preorder_idx";--> statement-breakpoint
CREATE INDEX "variants_stock_idx" ON "variants" USING btree ("stock","id") WHERE "variants"."stock" <= 5;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_no_key" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "orders_preorder_idx" ON "orders" USING btree ("id") WHERE "orders"."preorder_state" = 'waiting';