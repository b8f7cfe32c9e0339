CREATE TABLE "member_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_subject_key" ON "member_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "member_identities_member_key" ON "member_identities" USING btree ("member_id","provider");