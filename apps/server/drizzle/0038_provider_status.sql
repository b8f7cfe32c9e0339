CREATE TABLE "provider_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_failure" text DEFAULT '' NOT NULL
);
