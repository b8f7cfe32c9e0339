CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"member_id" integer,
	"items" jsonb NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_key" ON "return_requests" USING btree ("order_id") WHERE "return_requests"."status" in ('requested', 'approved', 'received');