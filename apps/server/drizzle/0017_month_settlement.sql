CREATE TABLE "month_purchases" (
	"order_no" text PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "month_settlements" (
	"month" text PRIMARY KEY NOT NULL,
	"qualified_members" integer NOT NULL,
	"team_points_credited" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "month_purchases_month_idx" ON "month_purchases" USING btree ("month");