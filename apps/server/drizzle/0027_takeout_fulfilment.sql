ALTER TABLE "depot_takeouts" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "depot_takeouts" ADD COLUMN "delivered_at" timestamp with time zone;