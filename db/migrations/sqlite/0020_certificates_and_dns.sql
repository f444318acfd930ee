CREATE TABLE `domain_certificates` (
	`user_domain_id` integer NOT NULL,
	`subject` text NOT NULL,
	`checked_at` integer NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	`detail` text,
	`issuer` text,
	`subject_names` text,
	`valid_from` integer,
	`valid_to` integer,
	`fingerprint` text,
	`covers_name` integer,
	`trusted` integer,
	`told_offsets` text,
	PRIMARY KEY(`user_domain_id`, `subject`),
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `domain_dns_records` (
	`user_domain_id` integer NOT NULL,
	`record_type` text NOT NULL,
	`records` text NOT NULL,
	`confirmed_at` integer NOT NULL,
	`checked_at` integer NOT NULL,
	`pending_records` text,
	`pending_since` integer,
	`failure` text,
	PRIMARY KEY(`user_domain_id`, `record_type`),
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `domain_monitor_hosts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_domain_id` integer NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `domain_monitor_hosts_unique` ON `domain_monitor_hosts` (`user_domain_id`,`host`,`port`);--> statement-breakpoint
CREATE TABLE `domain_monitor_state` (
	`user_domain_id` integer PRIMARY KEY NOT NULL,
	`next_check_at` integer NOT NULL,
	`claimed_until` integer,
	`claim_token` text,
	`last_checked_at` integer,
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `domain_monitor_state_due_idx` ON `domain_monitor_state` (`next_check_at`);--> statement-breakpoint
CREATE TABLE `monitoring_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`certificate_offsets` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
