CREATE TABLE "price_references" (
	"service_provider_id" integer NOT NULL,
	"tld_id" integer NOT NULL,
	"source" text NOT NULL,
	"registration_price" integer,
	"renewal_price" integer,
	"transfer_price" integer,
	"currency" text NOT NULL,
	"observed_on" date NOT NULL,
	CONSTRAINT "price_references_service_provider_id_tld_id_pk" PRIMARY KEY("service_provider_id","tld_id")
);
--> statement-breakpoint
CREATE TABLE "price_reviews" (
	"service_provider_id" integer NOT NULL,
	"tld_id" integer NOT NULL,
	"decision" text NOT NULL,
	"registration_price" integer,
	"renewal_price" integer,
	"transfer_price" integer,
	"currency" text NOT NULL,
	"reviewed_by" text NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_reviews_service_provider_id_tld_id_pk" PRIMARY KEY("service_provider_id","tld_id")
);
--> statement-breakpoint
ALTER TABLE "domain_prices" ADD COLUMN "unusual_reason" text;--> statement-breakpoint
ALTER TABLE "domain_prices" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "price_references" ADD CONSTRAINT "price_references_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_references" ADD CONSTRAINT "price_references_tld_id_tlds_id_fk" FOREIGN KEY ("tld_id") REFERENCES "public"."tlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_reviews" ADD CONSTRAINT "price_reviews_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_reviews" ADD CONSTRAINT "price_reviews_tld_id_tlds_id_fk" FOREIGN KEY ("tld_id") REFERENCES "public"."tlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_references_tld_idx" ON "price_references" USING btree ("tld_id");--> statement-breakpoint
CREATE INDEX "price_reviews_tld_idx" ON "price_reviews" USING btree ("tld_id");