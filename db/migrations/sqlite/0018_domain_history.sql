CREATE TABLE `domain_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_domain_id` integer NOT NULL,
	`category` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text,
	`severity` text DEFAULT 'alarm' NOT NULL,
	`old_value` text,
	`new_value` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domain_events_domain_idx` ON `domain_events` (`user_domain_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `domain_notification_settings` (
	`user_domain_id` integer NOT NULL,
	`key` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`user_domain_id`, `key`),
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
