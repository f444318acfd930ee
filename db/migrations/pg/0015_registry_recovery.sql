ALTER TABLE "domain_registry_records" ADD COLUMN "protocol" text;--> statement-breakpoint
ALTER TABLE "domain_registry_records" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_registry_records" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_registry_records" ADD COLUMN "check_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_domains" ADD COLUMN "auto_renew_known" boolean DEFAULT true NOT NULL;