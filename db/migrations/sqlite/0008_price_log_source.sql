ALTER TABLE `price_logs` ADD `source` text;--> statement-breakpoint
-- Runs of the "re-apply bundled price lists" request could only ever read a bundled list.
UPDATE `price_logs` SET `source` = 'bundled' WHERE `request_type` = 'pricing';
