ALTER TABLE "return_requests" ADD COLUMN "kind" text DEFAULT 'return' NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "reship_tracking_no" text DEFAULT '' NOT NULL;