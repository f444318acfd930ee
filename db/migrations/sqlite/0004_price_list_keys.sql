CREATE TABLE `tld_price_rows` (
	`tld_id` integer PRIMARY KEY NOT NULL,
	`row_json` text NOT NULL,
	FOREIGN KEY (`tld_id`) REFERENCES `tlds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `tld_price_summaries_registration_idx`;--> statement-breakpoint
DROP INDEX `tld_price_summaries_renewal_idx`;--> statement-breakpoint
DROP INDEX `tld_price_summaries_transfer_idx`;--> statement-breakpoint
DROP INDEX `tld_price_summaries_three_year_idx`;--> statement-breakpoint
ALTER TABLE `tld_price_summaries` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tld_price_summaries` ADD `category` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `tld_price_summaries` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `tld_price_summaries_name_idx` ON `tld_price_summaries` (`name`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_category_idx` ON `tld_price_summaries` (`category`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_registration_idx` ON `tld_price_summaries` (`min_registration`,`name`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_renewal_idx` ON `tld_price_summaries` (`min_renewal`,`name`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_transfer_idx` ON `tld_price_summaries` (`min_transfer`,`name`);--> statement-breakpoint
CREATE INDEX `tld_price_summaries_three_year_idx` ON `tld_price_summaries` (`min_three_year`,`name`);