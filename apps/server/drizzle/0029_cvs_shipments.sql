CREATE TABLE "cvs_shipments" (
	"order_no" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"logistics_id" text,
	"payment_no" text,
	"validation_no" text,
	"error" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cvs_shipments_logistics_id" ON "cvs_shipments" USING btree ("logistics_id");