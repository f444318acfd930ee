CREATE TABLE `domain_registry_records` (
	`user_domain_id` integer PRIMARY KEY NOT NULL,
	`outcome` text DEFAULT 'pending' NOT NULL,
	`error_reason` text,
	`rdap_server` text,
	`expiration_date` text,
	`registration_date` text,
	`last_changed_date` text,
	`statuses` text,
	`nameservers` text,
	`registrar_iana_id` integer,
	`registrar_name` text,
	`registrar_provider_id` integer,
	`own_dates_override` integer DEFAULT false NOT NULL,
	`checked_at` integer,
	`next_check_at` integer NOT NULL,
	FOREIGN KEY (`user_domain_id`) REFERENCES `user_domains`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registrar_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `domain_registry_records_next_check_idx` ON `domain_registry_records` (`next_check_at`);