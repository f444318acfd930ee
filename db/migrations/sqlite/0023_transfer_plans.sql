CREATE TABLE `domain_transfer_plans` (
	`user_domain_id` integer PRIMARY KEY NOT NULL,
	`destination_provider_id` integer,
	`state` text DEFAULT 'planned' NOT NULL,
	`state_changed_at` integer NOT NULL,
	`done_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`destination_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `transfer_rule_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`pattern` text NOT NULL,
	`adds_year` integer NOT NULL,
	`lock_after_registration_days` integer NOT NULL,
	`lock_after_transfer_days` integer NOT NULL,
	`min_days_before_expiry` integer,
	`source_url` text NOT NULL,
	`source_date` text NOT NULL,
	`note` text,
	`updated_by_user_id` integer,
	`updated_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfer_rule_overrides_pattern_unique` ON `transfer_rule_overrides` (`pattern`);