CREATE TABLE "shop_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "shop_traffic" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "shop_traffic_shop_id_day_kind_key_pk" PRIMARY KEY("shop_id","day","kind","key")
);
--> statement-breakpoint
CREATE INDEX "shop_change_requests_shop_idx" ON "shop_change_requests" USING btree ("shop_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_change_requests_one_pending" ON "shop_change_requests" USING btree ("shop_id") WHERE status = 'pending';