CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"cart_changed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"code" text NOT NULL,
	"used_order_no" text,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"code_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "addon_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"variant_id" integer NOT NULL,
	"price" integer NOT NULL,
	"per_order_cap" integer DEFAULT 1 NOT NULL,
	"trigger_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trigger_amount" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"threshold" integer NOT NULL,
	"variant_ids" jsonb NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"member_id" integer NOT NULL,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tier_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"from_tier_id" integer,
	"to_tier_id" integer NOT NULL,
	"reason" text NOT NULL,
	"spend" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tier_status" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"tier_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"threshold" integer NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"points_multiplier" integer DEFAULT 100 NOT NULL,
	"free_shipping_threshold" integer,
	"birthday_reward" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"reward" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tier_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"period" text DEFAULT 'rolling12' NOT NULL,
	"welcome_reward" jsonb DEFAULT '{"kind":"none"}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "per_member_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "gtin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "preorder_cap" integer;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "preorder_ship_on" text;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "preorder_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "issue" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "total_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_member_limit" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "cart_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "deal_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "preorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_redemption_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tier_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_multiplier" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preorder_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preorder_ship_on" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_key" ON "cart_reminders" USING btree ("cart_id","cart_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_codes_code_key" ON "coupon_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupon_codes_coupon_idx" ON "coupon_codes" USING btree ("coupon_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","member_id");--> statement-breakpoint
CREATE INDEX "addon_deals_shop_idx" ON "addon_deals" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "gift_rules_shop_idx" ON "gift_rules" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_line_key" ON "product_reviews" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","status","id");--> statement-breakpoint
CREATE INDEX "product_reviews_status_idx" ON "product_reviews" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "member_tier_history_member_idx" ON "member_tier_history" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tiers_rank_key" ON "member_tiers" USING btree ("rank");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_grants_key" ON "reward_grants" USING btree ("member_id","kind","period");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "orders_preorder_idx" ON "orders" USING btree ("preorder_state","id");--> statement-breakpoint
INSERT INTO "tier_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "member_tiers" ("name", "rank", "threshold") VALUES ('一般會員', 0, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_rating_range" CHECK ("rating" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_preorder_waiting_bounds" CHECK ("preorder_waiting" >= 0 AND ("preorder_cap" IS NULL OR "preorder_waiting" <= "preorder_cap"));
