CREATE TABLE `notification_channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`email` text,
	`confirmed_at` integer,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`url` text,
	`format` text,
	`secret` text,
	`disabled_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_channels_confirm_token_hash_unique` ON `notification_channels` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `notification_channels_user_idx` ON `notification_channels` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notification_channels_user_email_uq` ON `notification_channels` (`user_id`,`email`);--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` integer NOT NULL,
	`channel_id` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`digest_date` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_retry_at` integer,
	`claimed_at` integer,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `notification_channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_deliveries_once_uq` ON `notification_deliveries` (`notification_id`,`channel_id`);--> statement-breakpoint
CREATE INDEX `notification_deliveries_channel_idx` ON `notification_deliveries` (`channel_id`,`digest_date`,`status`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reminder_offsets` text NOT NULL,
	`delivery_modes` text NOT NULL,
	`enabled_kinds` text NOT NULL,
	`currency` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`subject_key` text NOT NULL,
	`occurrence` text NOT NULL,
	`title` text NOT NULL,
	`payload` text NOT NULL,
	`due_date` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once_uq` ON `notifications` (`user_id`,`kind`,`subject_key`,`occurrence`);