CREATE TABLE `alert_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`condition` text NOT NULL,
	`threshold` integer NOT NULL,
	`severity` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `auth_rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`attempts` integer NOT NULL,
	PRIMARY KEY(`key`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `domain_price_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tld_id` integer NOT NULL,
	`service_provider_id` integer NOT NULL,
	`registration_price` integer,
	`renewal_price` integer,
	`transfer_price` integer,
	`currency` text NOT NULL,
	`is_promo` integer DEFAULT false NOT NULL,
	`valid_from` text NOT NULL,
	`valid_until` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domain_price_history_provider_tld_idx` ON `domain_price_history` (`service_provider_id`,`tld_id`);--> statement-breakpoint
CREATE TABLE `domain_prices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tld_id` integer NOT NULL,
	`service_provider_id` integer NOT NULL,
	`registration_price` integer,
	`renewal_price` integer,
	`transfer_price` integer,
	`currency` text NOT NULL,
	`is_promo` integer DEFAULT false NOT NULL,
	`regular_registration_price` integer,
	`snapshot_date` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_prices_provider_tld_uq` ON `domain_prices` (`service_provider_id`,`tld_id`);--> statement-breakpoint
CREATE INDEX `domain_prices_tld_idx` ON `domain_prices` (`tld_id`);--> statement-breakpoint
CREATE TABLE `fetch_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`service_provider_id` integer,
	`cron` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_run_at` integer,
	`next_run_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `iana_registrars` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`rdap_url` text
);
--> statement-breakpoint
CREATE INDEX `iana_registrars_status_idx` ON `iana_registrars` (`status`);--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`severity` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE TABLE `price_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_provider_id` integer,
	`request_type` text NOT NULL,
	`status` text NOT NULL,
	`domain` text,
	`tld` text,
	`result_count` integer,
	`response_time_ms` integer,
	`error_message` text,
	`started_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `price_logs_started_idx` ON `price_logs` (`started_at`);--> statement-breakpoint
CREATE TABLE `registrar_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`service_provider_id` integer NOT NULL,
	`label` text NOT NULL,
	`auth_type` text NOT NULL,
	`credentials_encrypted` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_sync_at` integer,
	`error_message` text,
	`last_sync_log` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `registrar_accounts_user_idx` ON `registrar_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `registry_operators` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registry_operators_name_unique` ON `registry_operators` (`name`);--> statement-breakpoint
CREATE TABLE `service_providers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`display_name` text NOT NULL,
	`domain` text NOT NULL,
	`logo_url` text,
	`website` text,
	`is_active` integer DEFAULT true NOT NULL,
	`iana_id` integer,
	`registration_url_pattern` text,
	`transfer_url_pattern` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`iana_id`) REFERENCES `iana_registrars`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_providers_slug_unique` ON `service_providers` (`slug`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `tld_price_summaries` (
	`tld_id` integer PRIMARY KEY NOT NULL,
	`min_registration` integer,
	`min_renewal` integer,
	`min_transfer` integer,
	`min_three_year` integer,
	`provider_count` integer NOT NULL,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tld_price_summaries_registration_idx` ON `tld_price_summaries` (`min_registration`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_renewal_idx` ON `tld_price_summaries` (`min_renewal`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_transfer_idx` ON `tld_price_summaries` (`min_transfer`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_three_year_idx` ON `tld_price_summaries` (`min_three_year`);--> statement-breakpoint
CREATE TABLE `tlds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`unicode_name` text,
	`description` text NOT NULL,
	`category` text NOT NULL,
	`iana_type` text NOT NULL,
	`registry_operator_id` integer,
	`is_active` integer NOT NULL,
	`rdap_url` text,
	`dnssec` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`registry_operator_id`) REFERENCES `registry_operators`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tlds_name_unique` ON `tlds` (`name`);--> statement-breakpoint
CREATE INDEX `tlds_category_idx` ON `tlds` (`category`);--> statement-breakpoint
CREATE INDEX `tlds_operator_idx` ON `tlds` (`registry_operator_id`);--> statement-breakpoint
CREATE TABLE `user_domains` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`domain_name` text NOT NULL,
	`tld_id` integer NOT NULL,
	`service_provider_id` integer,
	`registrar_account_id` integer,
	`registration_date` text,
	`expiration_date` text,
	`auto_renew` integer DEFAULT false NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`registrar_account_id`) REFERENCES `registrar_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_domains_user_domain_uq` ON `user_domains` (`user_id`,`domain_name`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`password_hash` text,
	`oidc_subject` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`calendar_token_hash` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_subject_unique` ON `users` (`oidc_subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_calendar_token_hash_unique` ON `users` (`calendar_token_hash`);