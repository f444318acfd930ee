CREATE TABLE "domain_registry_records" (
	"user_domain_id" integer PRIMARY KEY NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"error_reason" text,
	"rdap_server" text,
	"expiration_date" date,
	"registration_date" date,
	"last_changed_date" date,
	"statuses" jsonb,
	"nameservers" jsonb,
	"registrar_iana_id" integer,
	"registrar_name" text,
	"registrar_provider_id" integer,
	"own_dates_override" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_registry_records" ADD CONSTRAINT "domain_registry_records_user_domain_id_user_domains_id_fk" FOREIGN KEY ("user_domain_id") REFERENCES "public"."user_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_registry_records" ADD CONSTRAINT "domain_registry_records_registrar_provider_id_service_providers_id_fk" FOREIGN KEY ("registrar_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_registry_records_next_check_idx" ON "domain_registry_records" USING btree ("next_check_at");