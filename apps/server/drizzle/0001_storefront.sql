CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"slot" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"image_mobile" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_products" (
	"promotion_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promotion_products_promotion_id_product_id_pk" PRIMARY KEY("promotion_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"bundle_qty" integer,
	"bundle_price" integer,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"fee" integer NOT NULL,
	"free_threshold" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"county" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"member_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_member_id_product_id_pk" PRIMARY KEY("member_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tokens" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "inquiries_ip_idx" ON "inquiries" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "promotions_shop_idx" ON "promotions" USING btree ("shop_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_methods_shop_code" ON "ship_methods" USING btree ("shop_id","code");--> statement-breakpoint
CREATE INDEX "dealers_county_idx" ON "dealers" USING btree ("county","sort");--> statement-breakpoint
CREATE INDEX "products_search_tokens_idx" ON "products" USING gin ("search_tokens");