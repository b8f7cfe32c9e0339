CREATE TABLE "hct_consignments" (
	"subject" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"tracking_no" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hct_consignments_seq_unique" UNIQUE("seq")
);
