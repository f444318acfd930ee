CREATE TABLE `mail_suppressions` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `notification_channels` ADD `unsubscribe_generation` integer DEFAULT 0 NOT NULL;