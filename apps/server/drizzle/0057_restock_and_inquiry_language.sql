ALTER TABLE "inquiries" ADD COLUMN "lang" text DEFAULT 'zh-TW' NOT NULL;--> statement-breakpoint
ALTER TABLE "restock_requests" ADD COLUMN "lang" text DEFAULT 'zh-TW' NOT NULL;