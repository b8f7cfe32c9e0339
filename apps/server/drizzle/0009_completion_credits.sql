CREATE TABLE "monthly_spend" (
	"member_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "point_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_spend_key" ON "monthly_spend" USING btree ("member_id","month");