CREATE TABLE "mail_suppressions" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_channels" ADD COLUMN "unsubscribe_generation" integer DEFAULT 0 NOT NULL;