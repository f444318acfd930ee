CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`category` text NOT NULL,
	`priority` text NOT NULL,
	`message` text NOT NULL,
	`ip` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`read_at` integer
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `exchange_rates` (
	`date` text NOT NULL,
	`currency` text NOT NULL,
	`rate_per_eur` real NOT NULL,
	PRIMARY KEY(`date`, `currency`)
);
--> statement-breakpoint
CREATE INDEX `exchange_rates_currency_date_idx` ON `exchange_rates` (`currency`,`date`);--> statement-breakpoint
ALTER TABLE `domain_price_history` ADD `end_reason` text DEFAULT 'changed' NOT NULL;--> statement-breakpoint
ALTER TABLE `domain_prices` ADD `last_checked_at` integer DEFAULT (unixepoch() * 1000) NOT NULL;--> statement-breakpoint
ALTER TABLE `domain_prices` ADD `changed_at` integer DEFAULT (unixepoch() * 1000) NOT NULL;--> statement-breakpoint
ALTER TABLE `incidents` ADD `alert_rule_id` integer REFERENCES alert_rules(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `incidents` ADD `updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL;--> statement-breakpoint
ALTER TABLE `price_logs` ADD `skipped_count` integer;--> statement-breakpoint
ALTER TABLE `registrar_accounts` ADD `credentials_key_id` text;--> statement-breakpoint
ALTER TABLE `tld_price_summaries` ADD `row_json` text;--> statement-breakpoint
ALTER TABLE `user_domains` ADD `is_locked` integer;--> statement-breakpoint
ALTER TABLE `user_domains` ADD `privacy_enabled` integer;--> statement-breakpoint
ALTER TABLE `user_domains` ADD `source` text DEFAULT 'manual' NOT NULL;