CREATE TABLE "restock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"shop_id" integer DEFAULT 1 NOT NULL,
	"contact" text NOT NULL,
	"member_id" integer,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_waiting_idx" ON "restock_requests" USING btree ("variant_id","contact") WHERE "restock_requests"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "restock_requests_due_idx" ON "restock_requests" USING btree ("variant_id") WHERE "restock_requests"."notified_at" is null;