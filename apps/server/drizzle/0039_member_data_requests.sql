CREATE TABLE "member_data_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_data_requests_member_idx" ON "member_data_requests" USING btree ("member_id","id");