CREATE TABLE `registry_lookup_stats` (
	`tld` text NOT NULL,
	`day` text NOT NULL,
	`method` text NOT NULL,
	`ok` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`found` integer DEFAULT 0 NOT NULL,
	`no_expiry` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tld`, `day`, `method`)
);
--> statement-breakpoint
CREATE INDEX `registry_lookup_stats_day_idx` ON `registry_lookup_stats` (`day`);