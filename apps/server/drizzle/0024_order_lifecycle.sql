CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"items" jsonb NOT NULL,
	"goods_value" integer NOT NULL,
	"money" integer NOT NULL,
	"wallet" integer NOT NULL,
	"points" integer NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "order_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "month_purchases" ADD COLUMN "returned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "refunded_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payee" text DEFAULT 'company' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_settled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_uncertain_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_access_tokens_order_idx" ON "order_access_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_seq_key" ON "order_refunds" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("status","delivered_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refunded_bounds" CHECK ("order_lines"."refunded_qty" >= 0 and "order_lines"."refunded_qty" <= "order_lines"."qty");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_bounds" CHECK ("payments"."refund_settled" >= 0 and "payments"."refund_settled" <= "payments"."refunded" and "payments"."refunded" <= "payments"."amount");--> statement-breakpoint
-- Existing data: refunded payments were given back in full; delivered and completed orders take their times from their history.
UPDATE "payments" SET "refunded" = "amount", "refund_settled" = "amount" WHERE "status" = 'refunded';--> statement-breakpoint
UPDATE "orders" o SET "delivered_at" = (SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."to_status" = 'delivered') WHERE o."status" IN ('delivered', 'completed', 'refunded');--> statement-breakpoint
UPDATE "orders" o SET "completed_at" = (SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."to_status" = 'completed') WHERE o."status" IN ('completed', 'refunded');--> statement-breakpoint
UPDATE "month_purchases" SET "returned" = "amount" WHERE "returned_at" IS NOT NULL;
