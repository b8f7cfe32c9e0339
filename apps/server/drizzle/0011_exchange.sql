CREATE TABLE "exchange_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"wallet_amount" integer DEFAULT 0 NOT NULL,
	"item_id" integer,
	"qty" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchanges_member_idx" ON "exchanges" USING btree ("member_id","id");