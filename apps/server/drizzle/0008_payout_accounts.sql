CREATE TABLE "payout_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"holder_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"branch_name" text NOT NULL,
	"account" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
