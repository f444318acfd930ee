ALTER TABLE `domain_price_history` ADD `transfer_is_promo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `domain_prices` ADD `transfer_is_promo` integer DEFAULT false NOT NULL;