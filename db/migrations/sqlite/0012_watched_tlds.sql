CREATE TABLE `watched_tlds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`tld_id` integer NOT NULL,
	`price_kind` text NOT NULL,
	`target_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`crossing` integer DEFAULT 0 NOT NULL,
	`met_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watched_tlds_user_tld_kind_uq` ON `watched_tlds` (`user_id`,`tld_id`,`price_kind`);--> statement-breakpoint
CREATE INDEX `watched_tlds_tld_idx` ON `watched_tlds` (`tld_id`);