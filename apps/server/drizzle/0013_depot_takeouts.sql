CREATE TABLE "depot_takeouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"items" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"fee" integer NOT NULL,
	"status" text NOT NULL,
	"tracking_no" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "depot_takeouts_member_idx" ON "depot_takeouts" USING btree ("member_id","id");