ALTER TABLE `domain_registry_records` ADD `protocol` text;--> statement-breakpoint
ALTER TABLE `domain_registry_records` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `domain_registry_records` ADD `claimed_until` integer;--> statement-breakpoint
ALTER TABLE `domain_registry_records` ADD `check_requested_at` integer;--> statement-breakpoint
ALTER TABLE `user_domains` ADD `auto_renew_known` integer DEFAULT true NOT NULL;