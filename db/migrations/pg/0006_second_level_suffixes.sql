ALTER TABLE "tlds" ADD COLUMN "kind" text DEFAULT 'tld' NOT NULL;--> statement-breakpoint
ALTER TABLE "tlds" ADD COLUMN "parent_tld_id" integer;--> statement-breakpoint
ALTER TABLE "tlds" ADD CONSTRAINT "tlds_parent_tld_id_tlds_id_fk" FOREIGN KEY ("parent_tld_id") REFERENCES "public"."tlds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tlds_parent_idx" ON "tlds" USING btree ("parent_tld_id");