-- Issue 48 (decision 88): card instalments and a virtual account's ATM details on the payment attempt.
ALTER TABLE "payments" ADD COLUMN "instalment" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "virtual_account" jsonb;