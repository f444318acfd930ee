CREATE TABLE `queue_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`data` text NOT NULL,
	`state` text NOT NULL,
	`singleton_key` text,
	`retry_count` integer DEFAULT 0 NOT NULL,
	`retry_limit` integer NOT NULL,
	`retry_delay_seconds` integer NOT NULL,
	`expire_in_seconds` integer NOT NULL,
	`start_after` integer NOT NULL,
	`started_at` integer,
	`expires_at` integer,
	`completed_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `queue_jobs_fetch_idx` ON `queue_jobs` (`name`,`state`,`start_after`);--> statement-breakpoint
CREATE INDEX `queue_jobs_expires_idx` ON `queue_jobs` (`state`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `queue_jobs_singleton_uq` ON `queue_jobs` (`name`,`singleton_key`) WHERE state in ('queued', 'active') and singleton_key is not null;--> statement-breakpoint
CREATE TABLE `queue_schedules` (
	`name` text NOT NULL,
	`key` text NOT NULL,
	`cron` text NOT NULL,
	`data` text NOT NULL,
	`last_tick_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`name`, `key`)
);
