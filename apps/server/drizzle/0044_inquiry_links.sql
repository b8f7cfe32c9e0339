ALTER TABLE "inquiries" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "member_id" integer;