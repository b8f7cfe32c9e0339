CREATE TABLE "shop_stock" (
	"shop_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_stock_shop_id_variant_id_pk" PRIMARY KEY("shop_id","variant_id"),
	CONSTRAINT "shop_stock_qty_non_negative" CHECK ("shop_stock"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
CREATE INDEX "shop_stock_movements_shop_idx" ON "shop_stock_movements" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_stock_movements_once" ON "shop_stock_movements" USING btree ("shop_id","variant_id","ref");