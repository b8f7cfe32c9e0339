CREATE TABLE "stock_write_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"shop_id" integer,
	"qty" integer NOT NULL,
	"ref" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_write_offs_qty_positive" CHECK ("stock_write_offs"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "kept_money" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "kept_wallet" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "kept_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "store_return_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_account" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_write_offs_ref_key" ON "stock_write_offs" USING btree ("ref","variant_id");