CREATE TABLE "tld_price_rows" (
	"tld_id" integer PRIMARY KEY NOT NULL,
	"row_json" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "tld_price_summaries_registration_idx";--> statement-breakpoint
DROP INDEX "tld_price_summaries_renewal_idx";--> statement-breakpoint
DROP INDEX "tld_price_summaries_transfer_idx";--> statement-breakpoint
DROP INDEX "tld_price_summaries_three_year_idx";--> statement-breakpoint
ALTER TABLE "tld_price_summaries" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tld_price_summaries" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tld_price_summaries" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tld_price_rows" ADD CONSTRAINT "tld_price_rows_tld_id_tlds_id_fk" FOREIGN KEY ("tld_id") REFERENCES "public"."tlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tld_price_summaries_name_idx" ON "tld_price_summaries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tld_price_summaries_category_idx" ON "tld_price_summaries" USING btree ("category");--> statement-breakpoint
CREATE INDEX "tld_price_summaries_registration_idx" ON "tld_price_summaries" USING btree ("min_registration","name");--> statement-breakpoint
CREATE INDEX "tld_price_summaries_renewal_idx" ON "tld_price_summaries" USING btree ("min_renewal","name");--> statement-breakpoint
CREATE INDEX "tld_price_summaries_transfer_idx" ON "tld_price_summaries" USING btree ("min_transfer","name");--> statement-breakpoint
CREATE INDEX "tld_price_summaries_three_year_idx" ON "tld_price_summaries" USING btree ("min_three_year","name");