CREATE TABLE "carrier_codes_applied" (
	"subject" text NOT NULL,
	"code" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "carrier_codes_applied_subject_code_pk" PRIMARY KEY("subject","code")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "temperature" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "size_cm" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "weight_g" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs_shipments" ADD COLUMN "sub_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs_shipments" ADD COLUMN "booking_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs_shipments" ADD COLUMN "last_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs_shipments" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ship_methods" ADD COLUMN "rates" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel" jsonb;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "return_carrier" text;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "return_logistics_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "return_parcel_status" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "cvs_shipments_poll_idx" ON "cvs_shipments" USING btree ("status","asked_at");