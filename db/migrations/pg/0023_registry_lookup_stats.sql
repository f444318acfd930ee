CREATE TABLE "registry_lookup_stats" (
	"tld" text NOT NULL,
	"day" date NOT NULL,
	"method" text NOT NULL,
	"ok" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"no_expiry" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registry_lookup_stats_tld_day_method_pk" PRIMARY KEY("tld","day","method")
);
--> statement-breakpoint
CREATE INDEX "registry_lookup_stats_day_idx" ON "registry_lookup_stats" USING btree ("day");