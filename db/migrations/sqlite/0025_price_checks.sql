CREATE TABLE `price_references` (
	`service_provider_id` integer NOT NULL,
	`tld_id` integer NOT NULL,
	`source` text NOT NULL,
	`registration_price` integer,
	`renewal_price` integer,
	`transfer_price` integer,
	`currency` text NOT NULL,
	`observed_on` text NOT NULL,
	PRIMARY KEY(`service_provider_id`, `tld_id`),
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_references_tld_idx` ON `price_references` (`tld_id`);--> statement-breakpoint
CREATE TABLE `price_reviews` (
	`service_provider_id` integer NOT NULL,
	`tld_id` integer NOT NULL,
	`decision` text NOT NULL,
	`registration_price` integer,
	`renewal_price` integer,
	`transfer_price` integer,
	`currency` text NOT NULL,
	`reviewed_by` text NOT NULL,
	`reviewed_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`service_provider_id`, `tld_id`),
	FOREIGN KEY (`service_provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_reviews_tld_idx` ON `price_reviews` (`tld_id`);--> statement-breakpoint
ALTER TABLE `domain_prices` ADD `unusual_reason` text;--> statement-breakpoint
ALTER TABLE `domain_prices` ADD `hidden` integer DEFAULT false NOT NULL;