CREATE TABLE "dealer_outlets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"name" text NOT NULL,
	"county" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dealer_products" (
	"dealer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "dealer_products_dealer_id_product_id_pk" PRIMARY KEY("dealer_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "dealer_outlets_dealer_idx" ON "dealer_outlets" USING btree ("dealer_id","sort");