CREATE TABLE "invoice_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"mode" text NOT NULL,
	"whole" boolean NOT NULL,
	"amount" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"allowance_no" text,
	"allowance_date" text,
	"attempt" text,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "invoice_changes_amount_bounds" CHECK ("invoice_changes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"relate_number" text NOT NULL,
	"shop_id" integer NOT NULL,
	"member_id" integer,
	"status" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"period" text NOT NULL,
	"invoice_no" text,
	"invoice_date" text,
	"random_number" text,
	"issued_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"leased_by" text,
	"lease_until" timestamp with time zone,
	"parked_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_amount_positive" CHECK ("invoices"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_changes_seq_key" ON "invoice_changes" USING btree ("invoice_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_changes_ref_key" ON "invoice_changes" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "invoice_changes_pending_idx" ON "invoice_changes" USING btree ("invoice_id") WHERE "invoice_changes"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_relate_number_key" ON "invoices" USING btree ("relate_number");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_no","id");--> statement-breakpoint
CREATE INDEX "invoices_period_idx" ON "invoices" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("status") WHERE "invoices"."status" = 'pending';