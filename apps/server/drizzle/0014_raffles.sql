CREATE TABLE "raffle_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"raffle_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"coupon_days" integer DEFAULT 30 NOT NULL,
	"variant_id" integer,
	"weight" integer NOT NULL,
	"stock" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "raffle_prizes_stock_nonnegative" CHECK ("raffle_prizes"."stock" is null or "raffle_prizes"."stock" >= 0),
	CONSTRAINT "raffle_prizes_weight_positive" CHECK ("raffle_prizes"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "raffle_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"raffle_id" integer NOT NULL,
	"source" text NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"prize_id" integer,
	"prize_title" text,
	"prize_kind" text,
	"created_at" timestamp with time zone NOT NULL,
	"scratched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "raffles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"min_order_amount" integer NOT NULL,
	"cards_per_order" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "raffle_prizes_raffle_idx" ON "raffle_prizes" USING btree ("raffle_id");--> statement-breakpoint
CREATE INDEX "raffle_tickets_member_idx" ON "raffle_tickets" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "raffle_tickets_source_key" ON "raffle_tickets" USING btree ("raffle_id","source","seq");