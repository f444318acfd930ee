ALTER TABLE `tlds` ADD `kind` text DEFAULT 'tld' NOT NULL;--> statement-breakpoint
ALTER TABLE `tlds` ADD `parent_tld_id` integer REFERENCES tlds(id);--> statement-breakpoint
CREATE INDEX `tlds_parent_idx` ON `tlds` (`parent_tld_id`);